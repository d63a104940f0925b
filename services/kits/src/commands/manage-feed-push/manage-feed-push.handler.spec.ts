import { randomUUID } from 'node:crypto';
import { ErrorCode, FEED_PUSH_SECRET_OVERLAP_HOURS, FeedClientMessages, FeedPushMessages } from '@bleedkits/contracts';
import { fixedClock } from '@bleedkits/platform/testing';
import { feedKit, feedRepository, kitEntry } from '../../../test/feed-doubles';
import { feedPushRepository } from '../../../test/feed-push-doubles';
import { auditTrail, refusal, someone } from '../../../test/handler-doubles';
import { FeedPushStatusHandler } from '../../queries/feed-push-status/feed-push-status.handler';
import { ManageFeedPushHandler } from './manage-feed-push.handler';

describe(ManageFeedPushHandler.name, () => {
  const admin = someone('admin');
  const setup = async (nodeEnv: 'production' | 'development' = 'development') => {
    const feed = feedRepository({ entries: [kitEntry('north_west', feedKit(1, 11)), kitEntry('north_west', feedKit(2, 15))] });
    const push = feedPushRepository(feed);
    const clock = fixedClock('2027-03-10T12:00:00Z');
    const status = new FeedPushStatusHandler(push.repository, clock);
    const client = await feed.addClient('north_west');
    const { audited, audit } = auditTrail();
    const handler = new ManageFeedPushHandler(push.repository, feed.repository, status, clock, audit, { NODE_ENV: nodeEnv });
    return { feed, push, clock, client, audited, handler };
  };

  it('creates a subscription at the scope head with a Standard Webhooks secret shown once; a new URL keeps secret and cursor', async () => {
    const { push, client, handler } = await setup();
    const created = await handler.set({ actor: admin, clientId: client.id, url: ' https://nwas.example/feed ' });
    expect(created).toMatchObject({
      message: FeedPushMessages.created,
      subscription: { url: 'https://nwas.example/feed', state: 'active', deliveredCursor: '15', lagRecords: 0 },
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(created.secret!.slice(6), 'base64')).toHaveLength(24);
    const changed = await handler.set({ actor: admin, clientId: client.id, url: 'https://nwas.example/v2' });
    expect(changed).toMatchObject({
      secret: null,
      message: FeedPushMessages.updated,
      subscription: { url: 'https://nwas.example/v2', deliveredCursor: '15' },
    });
    expect(push.subscriptions.get(client.id)!.secret).toBe(created.secret);
  });

  it('takes https, and http://127.0.0.1 only outside production', async () => {
    const dev = await setup('development');
    expect((await dev.handler.set({ actor: admin, clientId: dev.client.id, url: 'http://127.0.0.1:8787/feed' })).secret).toEqual(expect.any(String));
    for (const url of ['http://localhost:8787/', 'http://nwas.example/', 'ftp://x', 'https://user:pw@nwas.example/', '', 42])
      expect((await refusal(dev.handler.set({ actor: admin, clientId: dev.client.id, url: url as never }))).code).toBe(ErrorCode.ValidationFailed);
    const prod = await setup('production');
    expect(await refusal(prod.handler.set({ actor: admin, clientId: prod.client.id, url: 'http://127.0.0.1:8787/feed' }))).toMatchObject({
      code: ErrorCode.ValidationFailed,
      errors: [FeedPushMessages.url],
    });
  });

  it('refuses a revoked client, an unknown one and a non-admin', async () => {
    const { feed, client, handler } = await setup();
    expect((await refusal(handler.set({ actor: someone(), clientId: client.id, url: 'https://x.example/' }))).code).toBe(ErrorCode.Forbidden);
    expect(await refusal(handler.set({ actor: admin, clientId: randomUUID(), url: 'https://x.example/' }))).toMatchObject({
      code: ErrorCode.NotFound,
      message: FeedClientMessages.notFound,
    });
    await feed.repository.revokeClient(client.id, admin.id);
    expect(await refusal(handler.set({ actor: admin, clientId: client.id, url: 'https://x.example/' }))).toMatchObject({
      code: ErrorCode.Conflict,
      message: FeedPushMessages.revoked,
    });
  });

  it(`rotates the secret: the old one signs beside it for ${FEED_PUSH_SECRET_OVERLAP_HOURS} hours`, async () => {
    const { push, clock, client, handler } = await setup();
    const { secret } = await handler.set({ actor: admin, clientId: client.id, url: 'https://x.example/' });
    const rotated = await handler.rotateSecret({ actor: admin, clientId: client.id });
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.subscription.previousSecretValidUntil).toBe(
      new Date(clock.now().getTime() + FEED_PUSH_SECRET_OVERLAP_HOURS * 3_600_000).toISOString(),
    );
    expect(push.subscriptions.get(client.id)).toMatchObject({ secret: rotated.secret, previousSecret: secret });
  });

  it('asks for a test event, sent in turn by the delivery', async () => {
    const { push, clock, client, handler } = await setup();
    await handler.set({ actor: admin, clientId: client.id, url: 'https://x.example/' });
    expect((await handler.sendTest({ actor: admin, clientId: client.id })).message).toBe(FeedPushMessages.test);
    expect(push.subscriptions.get(client.id)!.testRequestedAt).toEqual(clock.now());
    expect((await refusal(handler.sendTest({ actor: someone(), clientId: client.id }))).code).toBe(ErrorCode.Forbidden);
  });

  it('resumes a paused subscription and replays from a cursor no later than the delivered one', async () => {
    const { push, client, handler } = await setup();
    await handler.set({ actor: admin, clientId: client.id, url: 'https://x.example/' });
    Object.assign(push.subscriptions.get(client.id)!, { state: 'paused', pausedAt: new Date(), failedAttempts: 40, nextAttemptAt: new Date() });
    const resumed = await handler.resume({ actor: admin, clientId: client.id });
    expect(resumed).toMatchObject({
      message: FeedPushMessages.resumed,
      subscription: { state: 'active', failedAttempts: 0, pausedAt: null, nextAttemptAt: null },
    });
    const replayed = await handler.replay({ actor: admin, clientId: client.id, fromCursor: '10' });
    expect(replayed).toMatchObject({ message: FeedPushMessages.replay, subscription: { deliveredCursor: '10', lagRecords: 2 } });
    for (const bad of ['16', 'x', 12, '-1'])
      expect(await refusal(handler.replay({ actor: admin, clientId: client.id, fromCursor: bad as never }))).toMatchObject({
        code: ErrorCode.ValidationFailed,
        errors: [FeedPushMessages.cursor],
      });
  });

  it('records each change an admin makes to where codes go in the audit trail, never a secret', async () => {
    const { client, audited, handler } = await setup();
    const { secret } = await handler.set({ actor: admin, clientId: client.id, url: 'https://nwas.example/feed' });
    await handler.set({ actor: admin, clientId: client.id, url: 'https://nwas.example/v2' });
    const rotated = await handler.rotateSecret({ actor: admin, clientId: client.id });
    await handler.resume({ actor: admin, clientId: client.id });
    await handler.replay({ actor: admin, clientId: client.id, fromCursor: '11' });
    await handler.sendTest({ actor: admin, clientId: client.id });
    const target = { type: 'feed-key', id: client.id, label: expect.stringMatching(/^north_west \(north_west, bkf_.{6}…\)$/) };
    expect(audited).toEqual([
      { actor: admin, action: 'feed-push.set', target, before: null, after: { url: 'https://nwas.example/feed', secret: 'new' } },
      { actor: admin, action: 'feed-push.set', target, before: { url: 'https://nwas.example/feed' }, after: { url: 'https://nwas.example/v2' } },
      {
        actor: admin,
        action: 'feed-push.secret-rotated',
        target,
        before: { secret: 'old', previousSecretValidUntil: null },
        after: { secret: 'new', previousSecretValidUntil: rotated.subscription.previousSecretValidUntil },
      },
      { actor: admin, action: 'feed-push.resumed', target, before: { state: 'active' }, after: { state: 'active' } },
      { actor: admin, action: 'feed-push.replayed', target, before: { deliveredCursor: '15' }, after: { deliveredCursor: '11' } },
    ]);
    expect(JSON.stringify(audited)).not.toContain(secret!);
    expect(JSON.stringify(audited)).not.toContain(rotated.secret);
  });
});
