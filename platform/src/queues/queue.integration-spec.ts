import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Job, Queue } from 'bullmq';
import { QueueNames } from '@bleedkits/contracts';
import { metricsRegistry } from '../health/metrics';
import { TEST_REDIS_URL, deleteRedisKeys, testQueuePrefix } from '../testing/redis';
import { QueueModule, jobStateOf, upsertSchedule } from './queue.module';
import { QueueWorker } from './queue-worker';

type NoticeJob = { kitId: number; fail?: number };
const handled: number[] = [];
const attempts = new Map<number, number>();

@Processor(QueueNames.kitNotices)
class NoticeWorker extends QueueWorker<NoticeJob> {
  async handle(job: Job<NoticeJob>): Promise<void> {
    const n = (attempts.get(job.data.kitId) ?? 0) + 1;
    attempts.set(job.data.kitId, n);
    if (job.data.fail && n <= job.data.fail) throw new Error(`attempt ${n} fails on purpose`);
    await job.updateProgress(100);
    handled.push(job.data.kitId);
  }
}

@Injectable()
class Producer {
  constructor(
    @InjectQueue(QueueNames.kitNotices) readonly queue: Queue<NoticeJob>,
    /** A queue no worker of this module takes from: its jobs wait. */
    @InjectQueue(QueueNames.backups) readonly unworked: Queue<object>,
  ) {}
}

describe('QueueModule (BullMQ on the real Redis)', () => {
  const prefix = testQueuePrefix();
  let close: () => Promise<void>;
  let producer: Producer;

  beforeAll(async () => {
    @Module({
      imports: [QueueModule.forRoot({ redisUrl: TEST_REDIS_URL, prefix }), QueueModule.forQueues(QueueNames.kitNotices, QueueNames.backups)],
      providers: [NoticeWorker, Producer],
    })
    class TestQueueModule {}
    const app = await NestFactory.createApplicationContext(TestQueueModule, { logger: false });
    producer = app.get(Producer);
    close = async () => {
      await app.close();
      await deleteRedisKeys(prefix);
    };
  });
  afterAll(() => close());

  async function finished(jobId: string): Promise<Job<NoticeJob>> {
    for (let i = 0; i < 300; i++) {
      const job = await producer.queue.getJob(jobId);
      const state = await job?.getState();
      if (job && (state === 'completed' || state === 'failed')) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`job ${jobId} did not finish`);
  }

  it('runs a job, retries a failing attempt with backoff, and reports progress', async () => {
    const job = await producer.queue.add('notice', { kitId: 7, fail: 1 }, { backoff: { type: 'fixed', delay: 10 } });
    const done = await finished(job.id!);
    expect(await done.getState()).toBe('completed');
    expect(jobStateOf(await done.getState())).toBe('completed');
    expect(attempts.get(7)).toBe(2);
    expect(done.progress).toBe(100);
    expect(handled).toContain(7);
  });

  it('takes the same job id once (BullMQ dedupes by id)', async () => {
    await producer.queue.add('notice', { kitId: 8 }, { jobId: 'kit-8' });
    await producer.queue.add('notice', { kitId: 8 }, { jobId: 'kit-8' });
    await finished('kit-8');
    expect(handled.filter((k) => k === 8)).toHaveLength(1);
  });

  it('exports queue depth and job durations for /metrics', async () => {
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(new RegExp(`bk_queue_jobs\\{queue="${QueueNames.kitNotices.replace('.', '\\.')}",state="completed"\\} [1-9]`));
    expect(text).toMatch(/bk_job_seconds_count\{[^}]*outcome="completed"[^}]*\} [1-9]/);
    expect(text).toMatch(/bk_job_seconds_count\{[^}]*outcome="failed"[^}]*\} [1-9]/);
  });

  it('exports the age of the oldest waiting job of each queue (0 when none waits)', async () => {
    const age = async (queue: string) => {
      const { values } = await metricsRegistry.getSingleMetric('bk_queue_oldest_waiting_seconds')!.get();
      return values.find((v) => v.labels.queue === queue)?.value;
    };
    await producer.unworked.add('first', {});
    await new Promise((r) => setTimeout(r, 600));
    await producer.unworked.add('second', {});
    await new Promise((r) => setTimeout(r, 600));
    expect(await age(QueueNames.backups)).toBeGreaterThanOrEqual(1.1);
    expect(await age(QueueNames.backups)).toBeLessThan(10);
    expect(await age(QueueNames.kitNotices)).toBe(0);
    await producer.unworked.drain();
    expect(await age(QueueNames.backups)).toBe(0);
  });

  it('keeps one job scheduler per id in Europe/London time', async () => {
    await upsertSchedule(producer.queue, 'nightly', '0 3 * * *', { name: 'notice', data: { kitId: 9 } });
    await upsertSchedule(producer.queue, 'nightly', '0 4 * * *', { name: 'notice', data: { kitId: 9 } });
    const schedulers = await producer.queue.getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({ key: 'nightly', pattern: '0 4 * * *', tz: 'Europe/London' });
    await producer.queue.removeJobScheduler('nightly');
  });
});
