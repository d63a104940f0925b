import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { FeedPushJobNames, QueueNames } from '@bleedkits/contracts';
import { InjectTypedQueue, type TypedQueue, upsertIntervalSchedule } from '@bleedkits/platform';
import { KITS_ENV, type KitsEnv } from '../config/env';

/** Every FEED_PUSH_SWEEP_MS, across every replica once: the push sweep (a batch waits at most this long). */
@Injectable()
export class FeedPushSweepSchedule implements OnApplicationBootstrap {
  constructor(
    @InjectTypedQueue(QueueNames.feedPushSweep) private readonly queue: TypedQueue<typeof QueueNames.feedPushSweep>,
    @Inject(KITS_ENV) private readonly env: KitsEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await upsertIntervalSchedule(this.queue, 'kits-feed-push-sweep', this.env.FEED_PUSH_SWEEP_MS, { name: FeedPushJobNames.sweep, data: {} });
  }
}
