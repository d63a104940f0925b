import { InjectQueue } from '@nestjs/bullmq';
import type { Job, JobsOptions, Queue } from 'bullmq';
import type { QueueJobName, QueueJobPayload, QueueName } from '@bleedkits/contracts';

/** A job of queue Q whose result is R: its name tells its payload, so a worker's `switch (job.name)` narrows `data`. */
export type QueueJob<Q extends QueueName, R = unknown> = { [N in QueueJobName<Q>]: Job<QueueJobPayload<Q, N>, R, N> }[QueueJobName<Q>];

/**
 * A BullMQ queue as its producers see it: `add(name, payload)` takes the job names and payloads declared for Q in
 * contracts (QueueJobPayloads), so a wrong payload does not compile. It is the injected Queue itself (a type, no
 * wrapper), so job ids, options and deduplication are BullMQ's exactly. `addBulk` and `upsertJobScheduler` are left
 * out: they would take any payload (schedules go through `upsertSchedule`).
 */
export type TypedQueue<Q extends QueueName> = Omit<Queue, 'name' | 'add' | 'addBulk' | 'upsertJobScheduler' | 'getJob'> & {
  readonly name: Q;
  add<N extends QueueJobName<Q>>(name: N, data: QueueJobPayload<Q, N>, opts?: JobsOptions): Promise<Job<QueueJobPayload<Q, N>, unknown, N>>;
  getJob(jobId: string): Promise<QueueJob<Q> | undefined>;
};

/**
 * Injects the queue registered by `QueueModule.forQueues(name)`; declare the parameter as `TypedQueue<typeof name>`
 * (scripts/architecture.spec.ts fails a parameter typed for another queue than the one injected).
 */
export const InjectTypedQueue = (name: QueueName): ParameterDecorator => InjectQueue(name);
