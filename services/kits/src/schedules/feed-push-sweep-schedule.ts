import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { FeedPushJobNames, QueueNames } from '@bleedkits/contracts';
import { upsertIntervalSchedule } from '@bleedkits/platform';
import { KITS_ENV, type KitsEnv } from '../config/env';

/** Every FEED_PUSH_SWEEP_MS, across every replica once: the push sweep (a batch waits at most this long). */
@Injectable()
export class FeedPushSweepSchedule implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QueueNames.feedPushSweep) private readonly queue: Queue,
    @Inject(KITS_ENV) private readonly env: KitsEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await upsertIntervalSchedule(this.queue, 'kits-feed-push-sweep', this.env.FEED_PUSH_SWEEP_MS, { name: FeedPushJobNames.sweep, data: {} });
  }
}
