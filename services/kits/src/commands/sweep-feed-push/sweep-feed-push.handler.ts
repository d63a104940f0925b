import { Injectable } from '@nestjs/common';
import { FEED_CLIENTS_MAX, FeedPushJobNames, QueueNames } from '@bleedkits/contracts';
import { Clock, InjectTypedQueue, type TypedQueue } from '@bleedkits/platform';
import { FeedPushRepository } from '../../database/feed-push.repository';

/** The one job of a client: while it waits or runs, queuing the client again adds nothing (BullMQ keeps ids unique). */
export const feedPushJobId = (clientId: string) => `push-${clientId}`;

/**
 * Each tick: queue a delivery job for every subscription with something to send now (new records in its scope, a
 * held batch whose retry is due). One job per client at a time keeps its batches in order; a finished job is
 * removed, so the next tick can queue the client again. The job is tried once: a failed one is queued again by the
 * next tick, and a receiver's failures are the handler's backoff, not BullMQ's.
 */
@Injectable()
export class SweepFeedPushHandler {
  constructor(
    private readonly push: FeedPushRepository,
    private readonly clock: Clock,
    @InjectTypedQueue(QueueNames.feedPush) private readonly queue: TypedQueue<typeof QueueNames.feedPush>,
  ) {}

  async execute(): Promise<{ queued: number }> {
    const due = await this.push.dueClients(this.clock.now(), FEED_CLIENTS_MAX);
    await Promise.all(
      due.map((clientId) =>
        this.queue.add(
          FeedPushJobNames.deliver,
          { clientId },
          { jobId: feedPushJobId(clientId), attempts: 1, removeOnComplete: true, removeOnFail: true },
        ),
      ),
    );
    return { queued: due.length };
  }
}
