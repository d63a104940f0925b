import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { type FeedPushJob, QueueNames } from '@bleedkits/contracts';
import { QueueWorker } from '@bleedkits/platform';
import { feedPushWorkerOptions } from '../config/env';
import { DeliverFeedPushHandler, type FeedPushRun } from '../commands/deliver-feed-push/deliver-feed-push.handler';

/** Delivers one feed client's next batches (held in Postgres: a retry or a takeover sends the same batch again). */
@Processor(QueueNames.feedPush, feedPushWorkerOptions())
export class FeedPushWorker extends QueueWorker<FeedPushJob, FeedPushRun> {
  constructor(private readonly deliver: DeliverFeedPushHandler) {
    super();
  }

  handle(job: Job<FeedPushJob, FeedPushRun>): Promise<FeedPushRun> {
    return this.deliver.execute(job.data.clientId);
  }
}
