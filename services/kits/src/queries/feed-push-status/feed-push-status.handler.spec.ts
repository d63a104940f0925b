import { randomUUID } from 'node:crypto';
import { ErrorCode, FeedClientMessages, FeedPushMessages } from '@bleedkits/contracts';
import { fixedClock } from '@bleedkits/platform/testing';
import { feedKit, feedRepository, kitEntry } from '../../../test/feed-doubles';
import { feedPushRepository } from '../../../test/feed-push-doubles';
import { notAudited, refusal, someone } from '../../../test/handler-doubles';
import { FeedPushStatusHandler } from './feed-push-status.handler';

describe(FeedPushStatusHandler.name, () => {
  const admin = someone('admin');
  const setup = async () => {
    const feed = feedRepository({ entries: [kitEntry('north_west', feedKit(1, 11)), kitEntry('north_west', feedKit(2, 12))] });
    const push = feedPushRepository(feed);
    const clock = fixedClock('2027-03-10T12:00:00Z');
    const client = await feed.addClient('north_west');
    await push.repository.upsert(
      {
        clientId: client.id,
        url: 'https://x.example/',
        secret: 'whsec_AA==',
        deliveredRevision: 10,
        createdBy: 'a',
        now: clock.now(),
      },
      notAudited,
    );
    return { feed, push, clock, client, handler: new FeedPushStatusHandler(push.repository, clock) };
  };

  it('answers the state, delivered cursor, lag in records and seconds, and the last error', async () => {
    const { push, clock, client, handler } = await setup();
    Object.assign(push.subscriptions.get(client.id)!, {
      behindSince: new Date(clock.now().getTime() - 42_000),
      failedAttempts: 3,
      lastError: 'HTTP 503',
      failingSince: new Date(clock.now().getTime() - 30_000),
      nextAttemptAt: new Date(clock.now().getTime() + 4000),
    });
    expect((await handler.status({ actor: admin, clientId: client.id })).subscription).toEqual({
      clientId: client.id,
      url: 'https://x.example/',
      state: 'active',
      deliveredCursor: '10',
      deliveredAt: null,
      lagRecords: 2,
      lagSeconds: 42,
      failedAttempts: 3,
      failingSince: '2027-03-10T11:59:30.000Z',
      nextAttemptAt: '2027-03-10T12:00:04.000Z',
      lastError: 'HTTP 503',
      pausedAt: null,
      previousSecretValidUntil: null,
      createdAt: '2027-03-10T12:00:00.000Z',
    });
  });

  it('pages the delivery log newest first', async () => {
    const { push, client, handler } = await setup();
    const batch = {
      clientId: client.id,
      messageId: 'm1',
      type: 'ambulance-feed.records' as const,
      afterRevision: 10,
      upToRevision: 12,
      recordCount: 2,
      body: '{}',
    };
    for (let i = 0; i < 3; i++)
      await push.repository.recordFailed(
        batch,
        { outcome: 'failed', httpStatus: 503, error: 'HTTP 503', attemptedAt: new Date(), durationMs: 5 },
        { nextAttemptAt: new Date(), pause: false },
      );
    const page = await handler.log({ actor: admin, clientId: client.id, page: 2, pageSize: 2 });
    expect(page.pagination).toEqual({ total: 3, page: 2, pageSize: 2, pageCount: 2 });
    expect(page.data).toEqual([
      expect.objectContaining({ id: 1, messageId: 'm1', afterCursor: '10', nextCursor: '12', records: 2, outcome: 'failed', httpStatus: 503 }),
    ]);
  });

  it('tells an unknown client from a client without a subscription, and is for admins only', async () => {
    const { feed, handler } = await setup();
    const other = await feed.addClient('london');
    expect(await refusal(handler.status({ actor: admin, clientId: other.id }))).toMatchObject({
      code: ErrorCode.NotFound,
      message: FeedPushMessages.noSubscription,
    });
    expect(await refusal(handler.status({ actor: admin, clientId: randomUUID() }))).toMatchObject({
      code: ErrorCode.NotFound,
      message: FeedClientMessages.notFound,
    });
    expect(await refusal(handler.status({ actor: admin, clientId: 'not-a-uuid' }))).toMatchObject({ code: ErrorCode.NotFound });
    expect((await refusal(handler.log({ actor: someone(), clientId: other.id, page: 1, pageSize: 25 }))).code).toBe(ErrorCode.Forbidden);
  });
});
