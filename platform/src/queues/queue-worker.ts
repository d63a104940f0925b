import { WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { JobPayload } from '@bleedkits/contracts';
import { jobDuration } from './queue-metrics';

/**
 * The base of every worker of the register: `handle` does one attempt of one job; its duration and outcome are
 * observed for /metrics. BullMQ runs a job at least once, so `handle` must be idempotent (a key per side effect
 * stored in Postgres); a throw is retried with the queue's backoff.
 */
export abstract class QueueWorker<T extends JobPayload = JobPayload, R = unknown> extends WorkerHost {
  abstract handle(job: Job<T, R>): Promise<R>;

  async process(job: Job<T, R>): Promise<R> {
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
