import { type FeedPushJob, FeedPushJobNames, type QueueNames } from '@bleedkits/contracts';
import type { TypedQueue } from '@bleedkits/platform';
import { fixedClock, recordingQueue } from '@bleedkits/platform/testing';
import { feedKit, feedRepository, kitEntry } from '../../../test/feed-doubles';
import { feedPushRepository } from '../../../test/feed-push-doubles';
import { notAudited } from '../../../test/handler-doubles';
import { SweepFeedPushHandler, feedPushJobId } from './sweep-feed-push.handler';

describe(SweepFeedPushHandler.name, () => {
  const setup = async () => {
    const feed = feedRepository({
      entries: [kitEntry('north_west', feedKit(1, 11)), kitEntry('london', feedKit(2, 12, { ambulanceService: 'london' }))],
    });
    const push = feedPushRepository(feed);
    const ids: Record<string, string> = {};
    for (const scope of ['north_west', 'london', 'welsh'] as const) {
      ids[scope] = (await feed.addClient(scope)).id;
      await push.repository.upsert(
        {
          clientId: ids[scope],
          url: 'https://x.example/',
          secret: 'whsec_AA==',
          deliveredRevision: 10,
          createdBy: 'a',
          now: new Date(),
        },
        notAudited,
      );
    }
    const clock = fixedClock('2027-03-10T12:00:00Z');
    const q = recordingQueue<FeedPushJob>();
    return {
      feed,
      push,
      ids,
      clock,
      q,
      handler: new SweepFeedPushHandler(push.repository, clock, q.queue as unknown as TypedQueue<typeof QueueNames.feedPush>),
    };
  };

  it('queues one delivery job per client with something to send, named by the client, and none twice while it waits', async () => {
    const { ids, q, handler } = await setup();
    expect(await handler.execute()).toEqual({ queued: 2 });
    await handler.execute();
    expect(q.jobs).toEqual([
      expect.objectContaining({ name: FeedPushJobNames.deliver, data: { clientId: ids.north_west }, jobId: feedPushJobId(ids.north_west) }),
      expect.objectContaining({ name: FeedPushJobNames.deliver, data: { clientId: ids.london }, jobId: feedPushJobId(ids.london) }),
    ]);
    expect(feedPushJobId(ids.london)).not.toContain(':');
  });

  it('leaves out a client whose retry is not yet due, a paused one and a revoked one', async () => {
    const { feed, push, ids, clock, q, handler } = await setup();
    push.subscriptions.get(ids.north_west)!.nextAttemptAt = new Date(clock.now().getTime() + 1000);
    push.subscriptions.get(ids.london)!.state = 'paused';
    expect(await handler.execute()).toEqual({ queued: 0 });
    clock.advance(1000);
    await feed.repository.revokeClient(ids.north_west, 'admin');
    expect(await handler.execute()).toEqual({ queued: 0 });
    expect(q.jobs).toEqual([]);
    // A test event asked for makes a caught-up client due.
    await push.repository.requestTest(ids.welsh, clock.now());
    expect(await handler.execute()).toEqual({ queued: 1 });
  });
});
