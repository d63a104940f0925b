import { Processor } from '@nestjs/bullmq';
import { QueueNames } from '@bleedkits/contracts';
import { type QueueJob, QueueWorker } from '@bleedkits/platform';
import { feedPushWorkerOptions } from '../config/env';
import { DeliverFeedPushHandler, type FeedPushRun } from '../commands/deliver-feed-push/deliver-feed-push.handler';

/** Delivers one feed client's next batches (held in Postgres: a retry or a takeover sends the same batch again). */
@Processor(QueueNames.feedPush, feedPushWorkerOptions())
export class FeedPushWorker extends QueueWorker<typeof QueueNames.feedPush, FeedPushRun> {
  constructor(private readonly deliver: DeliverFeedPushHandler) {
    super();
  }

  handle(job: QueueJob<typeof QueueNames.feedPush, FeedPushRun>): Promise<FeedPushRun> {
    return this.deliver.execute(job.data.clientId);
  }
}
