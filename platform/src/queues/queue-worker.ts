import { WorkerHost } from '@nestjs/bullmq';
import type { QueueName } from '@bleedkits/contracts';
import { jobDuration } from './queue-metrics';
import type { QueueJob } from './typed-queue';

/**
 * The base of every worker of the register: `handle` does one attempt of one job of queue Q (`@Processor(Q)`), typed
 * by the queue's declared jobs (contracts' QueueJobPayloads); its duration and outcome are observed for /metrics.
 * BullMQ runs a job at least once, so `handle` must be idempotent (a key per side effect stored in Postgres); a
 * throw is retried with the queue's backoff.
 */
export abstract class QueueWorker<Q extends QueueName, R = unknown> extends WorkerHost {
  abstract handle(job: QueueJob<Q, R>): Promise<R>;

  async process(job: QueueJob<Q, R>): Promise<R> {
    const end = jobDuration.startTimer({ queue: job.queueName, name: job.name });
    try {
      const result = await this.handle(job);
      end({ outcome: 'completed' });
      return result;
    } catch (error) {
      end({ outcome: 'failed' });
      throw error;
    }
  }
}
