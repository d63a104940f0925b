import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { type DynamicModule, Inject, Injectable, Module, type OnModuleDestroy, type OnModuleInit, type Provider } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { type QueueJobName, type QueueJobPayload, type QueueName, SCHEDULE_TIME_ZONE } from '@bleedkits/contracts';
import { forgetQueue, observeQueueDepth } from './queue-metrics';
import { redisConnectionOptions } from './redis-connection';
import type { TypedQueue } from './typed-queue';

export type QueueRootOptions = {
  redisUrl: string;
  /** Key prefix of every queue of this deployment (tests use one per test bed). */
  prefix: string;
};

/**
 * Default job options of the register: a job is tried 8 times with exponential backoff from 1 s (about four
 * minutes in all, long enough to ride out an SMTP or database restart); finished jobs are kept for a week so the
 * API can still report them, failed ones for 30 days.
 */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;

const QUEUE_REFS = Symbol('QUEUE_REFS');

@Injectable()
class QueueDepthObserver implements OnModuleInit, OnModuleDestroy {
  constructor(@Inject(QUEUE_REFS) private readonly queues: Queue[]) {}
  onModuleInit(): void {
    for (const q of this.queues) observeQueueDepth(q);
  }
  onModuleDestroy(): void {
    for (const q of this.queues) forgetQueue(q);
  }
}

/**
 * The platform queue module (BullMQ through @nestjs/bullmq). A context imports `QueueModule.forRoot` once with
 * its Redis URL and prefix, then `QueueModule.forQueues(...)` with the queues it produces to or works on; producers
 * take a queue as `@InjectTypedQueue(QueueNames.x) queue: TypedQueue<typeof QueueNames.x>`, and workers are
 * `@Processor(QueueNames.x)` classes extending `QueueWorker<typeof QueueNames.x>`. Queue depth per state is exported as metrics.
 */
@Module({})
export class QueueModule {
  static forRoot(options: QueueRootOptions): DynamicModule {
    return BullModule.forRoot({
      connection: redisConnectionOptions(options.redisUrl),
      prefix: options.prefix,
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
    });
  }

  static forQueues(...names: QueueName[]): DynamicModule {
    const registered = BullModule.registerQueue(...names.map((name) => ({ name })));
    const providers: Provider[] = [
      { provide: QUEUE_REFS, useFactory: (...queues: Queue[]) => queues, inject: names.map((n) => getQueueToken(n)) },
      QueueDepthObserver,
    ];
    return { module: QueueModule, imports: [registered], providers, exports: [registered] };
  }
}

/** A job scheduler's template: one of queue Q's declared jobs with its payload. */
export type ScheduledJob<Q extends QueueName> = { [N in QueueJobName<Q>]: { name: N; data: QueueJobPayload<Q, N> } }[QueueJobName<Q>];

/**
 * A schedule that fires once per tick however many replicas run (a BullMQ job scheduler, stored in Redis under
 * `schedulerId`), in Europe/London time. Upserting again with a new pattern replaces the old one.
 */
export async function upsertSchedule<Q extends QueueName>(
  queue: TypedQueue<Q>,
  schedulerId: string,
  cronPattern: string,
  job: ScheduledJob<Q>,
): Promise<void> {
  await untyped(queue).upsertJobScheduler(schedulerId, { pattern: cronPattern, tz: SCHEDULE_TIME_ZONE }, { name: job.name, data: job.data });
}

/**
 * A schedule that fires every `everyMs` however many replicas run (a poll rather than a calendar time). Its jobs are
 * removed when done: a tick every few seconds would otherwise keep thousands.
 */
export async function upsertIntervalSchedule<Q extends QueueName>(
  queue: TypedQueue<Q>,
  schedulerId: string,
  everyMs: number,
  job: ScheduledJob<Q>,
): Promise<void> {
  await untyped(queue).upsertJobScheduler(
    schedulerId,
    { every: everyMs },
    { name: job.name, data: job.data, opts: { attempts: 1, removeOnComplete: true, removeOnFail: true } },
  );
}

/** The BullMQ queue behind a typed one (the same object): the template was checked against Q's jobs above. */
const untyped = <Q extends QueueName>(queue: TypedQueue<Q>): Queue => queue as unknown as Queue;

/** The spec's four job states from BullMQ's. */
export function jobStateOf(state: string): 'queued' | 'processing' | 'completed' | 'failed' {
  switch (state) {
    case 'active':
      return 'processing';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    default:
      return 'queued';
  }
}
