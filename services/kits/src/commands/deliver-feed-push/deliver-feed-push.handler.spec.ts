import { createHmac } from 'node:crypto';
import { FEED_PUSH_BATCH_RECORDS, FEED_PUSH_RETRY_HOURS, type FeedPushBody } from '@bleedkits/contracts';
import { fixedClock } from '@bleedkits/platform/testing';
import { feedKit, feedRepository, kitEntry, withdrawalEntry } from '../../../test/feed-doubles';
import { feedPushRepository, recordingWebhookSender } from '../../../test/feed-push-doubles';
import { notAudited } from '../../../test/handler-doubles';
import { feedRecordJson } from '../../queries/ambulance-feed/ambulance-feed.handler';
import { DeliverFeedPushHandler } from './deliver-feed-push.handler';

const SECRET = `whsec_${Buffer.from('a-secret-of-24-bytes!!!!').toString('base64')}`;
const OLD_SECRET = `whsec_${Buffer.from('the-old-secret-24-bytes!').toString('base64')}`;
const sign = (secret: string, id: string, ts: string, body: string) =>
  `v1,${createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
    .update(`${id}.${ts}.${body}`)
    .digest('base64')}`;

describe(DeliverFeedPushHandler.name, () => {
  const setup = async (answer?: Parameters<typeof recordingWebhookSender>[0]) => {
    const feed = feedRepository({
      entries: [
        kitEntry('north_west', feedKit(1, 11, { cabinetCode: '1111' })),
        kitEntry('london', feedKit(2, 12, { ambulanceService: 'london', cabinetCode: '2222' })),
        withdrawalEntry('north_west', 3, 13, 'rejected'),
        kitEntry('responder_app', feedKit(1, 11, { cabinetCode: '1111' })),
      ],
    });
    const nw = await feed.addClient('north_west');
    const ldn = await feed.addClient('london');
    const app = await feed.addClient('responder_app');
    const push = feedPushRepository(feed);
    for (const c of [nw, ldn, app])
      await push.repository.upsert(
        {
          clientId: c.id,
          url: `https://${c.label}.example/feed`,
          secret: SECRET,
          deliveredRevision: 10,
          createdBy: 'admin',
          now: new Date(),
        },
        notAudited,
      );
    const clock = fixedClock('2027-03-10T12:00:00Z');
    const http = recordingWebhookSender(answer);
    return { feed, push, nw, ldn, app, clock, http, handler: new DeliverFeedPushHandler(push.repository, feed.repository, http.sender, clock) };
  };

  it("posts the client's pull-feed records after its cursor, signed, to its own URL only, and moves the cursor", async () => {
    const { feed, push, nw, http, handler } = await setup();
    expect(await handler.execute(nw.id)).toEqual({ delivered: 1, failed: false });
    expect(http.posts).toHaveLength(1);
    const [post] = http.posts;
    expect(post.url).toBe('https://north_west.example/feed');
    const body = JSON.parse(post.body) as FeedPushBody;
    const pulled = await feed.repository.scopeRecords('north_west', 10, 1e15, 2000, true);
    expect(post.body).toBe(
      `{"type":"ambulance-feed.records","afterCursor":"10","nextCursor":"13","records":[${pulled.map(feedRecordJson).join(',')}]}`,
    );
    expect(body.records.map((r) => [r.id, r.withdrawn])).toEqual([
      [1, false],
      [3, true],
    ]);
    const h = post.headers;
    expect(h['webhook-id']).toMatch(/^msg_10_13_[0-9a-f]{16}$/);
    expect(h['webhook-timestamp']).toBe(String(Date.parse('2027-03-10T12:00:00Z') / 1000));
    expect(h['webhook-signature']).toBe(sign(SECRET, h['webhook-id'], h['webhook-timestamp'], post.body));
    expect(h['feed-cursor']).toBe('13');
    expect(push.subscriptions.get(nw.id)).toMatchObject({ deliveredRevision: 13, failedAttempts: 0, behindSince: null });
    // Caught up: another run sends nothing.
    expect(await handler.execute(nw.id)).toEqual({ delivered: 0, failed: false });
    expect(http.posts).toHaveLength(1);
  });

  it('logs a batch that carries codes in the access log once, however often it is sent; the responder app carries none', async () => {
    let up = false;
    const { feed, nw, app, clock, http, handler } = await setup(() => (up ? {} : { delivered: false, httpStatus: 503, error: 'HTTP 503' }));
    await handler.execute(nw.id);
    clock.advance(60_000);
    up = true;
    await handler.execute(nw.id);
    await handler.execute(app.id);
    expect(http.posts).toHaveLength(3);
    expect(feed.accessLog).toEqual([expect.objectContaining({ clientId: nw.id, scope: 'north_west', kitsReturned: 1, codesReturned: 1 })]);
    expect(JSON.parse(http.posts[2].body).records[0]).not.toHaveProperty('cabinetCode');
  });

  it('holds a failed batch: no attempt before its backoff, then the same id and bytes, and later records wait behind it', async () => {
    let up = false;
    const { feed, push, nw, clock, http, handler } = await setup(() => (up ? {} : { delivered: false, httpStatus: 503, error: 'HTTP 503: busy' }));
    expect(await handler.execute(nw.id)).toEqual({ delivered: 0, failed: true });
    const sub = push.subscriptions.get(nw.id)!;
    expect(sub).toMatchObject({ deliveredRevision: 10, failedAttempts: 1, lastError: 'HTTP 503: busy', failingSince: clock.now() });
    const wait = sub.nextAttemptAt!.getTime() - clock.now().getTime();
    expect(wait).toBeGreaterThanOrEqual(500);
    expect(wait).toBeLessThanOrEqual(1000);
    feed.entries.push(kitEntry('north_west', feedKit(4, 14)));
    await handler.execute(nw.id);
    expect(http.posts).toHaveLength(1);

    clock.set(sub.nextAttemptAt!);
    await handler.execute(nw.id);
    expect(push.subscriptions.get(nw.id)!.failedAttempts).toBe(2);
    const second = push.subscriptions.get(nw.id)!.nextAttemptAt!.getTime() - clock.now().getTime();
    expect(second).toBeGreaterThanOrEqual(1000);
    expect(second).toBeLessThanOrEqual(2000);
    up = true;
    clock.set(push.subscriptions.get(nw.id)!.nextAttemptAt!);
    expect(await handler.execute(nw.id)).toEqual({ delivered: 2, failed: false });
    const [first, retried, held, next] = http.posts;
    expect([retried.headers['webhook-id'], retried.body]).toEqual([first.headers['webhook-id'], first.body]);
    expect([held.headers['webhook-id'], held.body]).toEqual([first.headers['webhook-id'], first.body]);
    expect(JSON.parse(next.body)).toMatchObject({ afterCursor: '13', nextCursor: '14', records: [{ id: 4 }] });
    expect(push.subscriptions.get(nw.id)).toMatchObject({ deliveredRevision: 14, failedAttempts: 0, lastError: null, failingSince: null });
    expect(push.deliveries.map((d) => d.outcome)).toEqual(['failed', 'failed', 'delivered', 'delivered']);
  });

  it(`pauses the subscription once a batch has failed for ${FEED_PUSH_RETRY_HOURS} hours, and a paused one sends nothing`, async () => {
    const { push, nw, clock, http, handler } = await setup(() => ({ delivered: false, httpStatus: null, error: 'ECONNREFUSED' }));
    await handler.execute(nw.id);
    clock.advance(FEED_PUSH_RETRY_HOURS * 3_600_000 - 1000);
    await handler.execute(nw.id);
    expect(push.subscriptions.get(nw.id)!.state).toBe('active');
    clock.advance(1000 + 15 * 60_000);
    await handler.execute(nw.id);
    expect(push.subscriptions.get(nw.id)).toMatchObject({ state: 'paused', pausedAt: clock.now(), lastError: 'ECONNREFUSED' });
    clock.advance(3_600_000);
    await handler.execute(nw.id);
    expect(http.posts).toHaveLength(3);
  });

  it('signs with the previous secret beside the new one until its overlap ends', async () => {
    const { push, nw, ldn, clock, http, handler } = await setup();
    await push.repository.rotateSecret(nw.id, SECRET, new Date(clock.now().getTime() + 1000), notAudited);
    push.subscriptions.get(nw.id)!.previousSecret = OLD_SECRET;
    await handler.execute(nw.id);
    const h = http.posts[0].headers;
    expect(h['webhook-signature']).toBe(
      `${sign(SECRET, h['webhook-id'], h['webhook-timestamp'], http.posts[0].body)} ${sign(OLD_SECRET, h['webhook-id'], h['webhook-timestamp'], http.posts[0].body)}`,
    );
    await push.repository.rotateSecret(ldn.id, SECRET, new Date(clock.now().getTime()), notAudited);
    await handler.execute(ldn.id);
    expect(http.posts[1].headers['webhook-signature'].split(' ')).toHaveLength(1);
  });

  it(`sends at most ${FEED_PUSH_BATCH_RECORDS} records a batch, in feed order`, async () => {
    const { feed, nw, http, handler } = await setup();
    for (let i = 0; i < FEED_PUSH_BATCH_RECORDS + 5; i++) feed.entries.push(kitEntry('north_west', feedKit(100 + i, 100 + i)));
    await handler.execute(nw.id);
    const sizes = http.posts.map((p) => (JSON.parse(p.body) as FeedPushBody).records.length);
    expect(sizes).toEqual([FEED_PUSH_BATCH_RECORDS, 7]);
    const revisions = http.posts.flatMap((p) => (JSON.parse(p.body) as FeedPushBody).records.map((r) => r.revision));
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
  });

  it("sends an admin's test event in turn after the held batch: no records, the cursor unchanged, signed and logged", async () => {
    let up = false;
    const { push, nw, clock, http, handler } = await setup(() => (up ? {} : { delivered: false, httpStatus: 503, error: 'HTTP 503' }));
    await handler.execute(nw.id);
    await push.repository.requestTest(nw.id, clock.now());
    up = true;
    clock.advance(60_000);
    expect(await handler.execute(nw.id)).toEqual({ delivered: 2, failed: false });
    const [, held, test] = http.posts;
    expect(JSON.parse(held.body)).toMatchObject({ type: 'ambulance-feed.records', nextCursor: '13' });
    expect(test.body).toBe('{"type":"ambulance-feed.test","afterCursor":"13","nextCursor":"13","records":[]}');
    expect(test.headers['webhook-signature']).toBe(sign(SECRET, test.headers['webhook-id'], test.headers['webhook-timestamp'], test.body));
    expect(push.subscriptions.get(nw.id)).toMatchObject({ deliveredRevision: 13, testRequestedAt: null });
    expect(push.deliveries.map((d) => [d.type, d.outcome])).toEqual([
      ['ambulance-feed.records', 'failed'],
      ['ambulance-feed.records', 'delivered'],
      ['ambulance-feed.test', 'delivered'],
    ]);
  });

  it('sends nothing for a revoked client or one without a subscription', async () => {
    const { feed, nw, http, handler } = await setup();
    await feed.repository.revokeClient(nw.id, 'admin');
    expect(await handler.execute(nw.id)).toEqual({ delivered: 0, failed: false });
    expect(await handler.execute('9b0e4c1e-0000-4000-8000-000000000000')).toEqual({ delivered: 0, failed: false });
    expect(http.posts).toEqual([]);
  });
});
