import { Processor } from '@nestjs/bullmq';
import { QueueNames } from '@bleedkits/contracts';
import { type QueueJob, QueueWorker } from '@bleedkits/platform';
import { SweepFeedPushHandler } from '../commands/sweep-feed-push/sweep-feed-push.handler';

/** Runs the push sweep at each tick of its scheduler (queuing a client already queued adds nothing). */
@Processor(QueueNames.feedPushSweep, { concurrency: 1 })
export class FeedPushSweepWorker extends QueueWorker<typeof QueueNames.feedPushSweep> {
  constructor(private readonly sweep: SweepFeedPushHandler) {
    super();
  }

  handle(_job: QueueJob<typeof QueueNames.feedPushSweep>): Promise<unknown> {
    return this.sweep.execute();
  }
}
