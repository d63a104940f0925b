import { Processor } from '@nestjs/bullmq';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { QueueNames } from '@bleedkits/contracts';
import { metricsRegistry } from '../health/metrics';
import { TEST_REDIS_URL, deleteRedisKeys, testQueuePrefix } from '../testing/redis';
import { QueueModule, jobStateOf, upsertSchedule } from './queue.module';
import { QueueWorker } from './queue-worker';
import { InjectTypedQueue, type QueueJob, type TypedQueue } from './typed-queue';

const handled: string[] = [];
const attempts = new Map<string, number>();
/** Clients whose first attempt fails on purpose. */
const failOnce = new Set(['client-7']);

@Processor(QueueNames.feedPush)
class PushWorker extends QueueWorker<typeof QueueNames.feedPush> {
  async handle(job: QueueJob<typeof QueueNames.feedPush>): Promise<void> {
    const n = (attempts.get(job.data.clientId) ?? 0) + 1;
    attempts.set(job.data.clientId, n);
    if (failOnce.has(job.data.clientId) && n <= 1) throw new Error(`attempt ${n} fails on purpose`);
    await job.updateProgress(100);
    handled.push(job.data.clientId);
  }
}

@Injectable()
class Producer {
  constructor(
    @InjectTypedQueue(QueueNames.feedPush) readonly queue: TypedQueue<typeof QueueNames.feedPush>,
    /** A queue no worker of this module takes from: its jobs wait. */
    @InjectTypedQueue(QueueNames.backups) readonly unworked: TypedQueue<typeof QueueNames.backups>,
  ) {}
}

describe('QueueModule (BullMQ on the real Redis)', () => {
  const prefix = testQueuePrefix();
  let close: () => Promise<void>;
  let producer: Producer;

  beforeAll(async () => {
    @Module({
      imports: [QueueModule.forRoot({ redisUrl: TEST_REDIS_URL, prefix }), QueueModule.forQueues(QueueNames.feedPush, QueueNames.backups)],
      providers: [PushWorker, Producer],
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

  async function finished(jobId: string): Promise<QueueJob<typeof QueueNames.feedPush>> {
    for (let i = 0; i < 300; i++) {
      const job = await producer.queue.getJob(jobId);
      const state = await job?.getState();
      if (job && (state === 'completed' || state === 'failed')) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`job ${jobId} did not finish`);
  }

  it('runs a job, retries a failing attempt with backoff, and reports progress', async () => {
    const job = await producer.queue.add('deliver', { clientId: 'client-7' }, { backoff: { type: 'fixed', delay: 10 } });
    const done = await finished(job.id!);
    expect(await done.getState()).toBe('completed');
    expect(jobStateOf(await done.getState())).toBe('completed');
    expect(attempts.get('client-7')).toBe(2);
    expect(done.progress).toBe(100);
    expect(done.name).toBe('deliver');
    expect(handled).toContain('client-7');
  });

  it('takes the same job id once (BullMQ dedupes by id)', async () => {
    await producer.queue.add('deliver', { clientId: 'client-8' }, { jobId: 'client-8' });
    await producer.queue.add('deliver', { clientId: 'client-8' }, { jobId: 'client-8' });
    await finished('client-8');
    expect(handled.filter((c) => c === 'client-8')).toHaveLength(1);
  });

  it('exports queue depth and job durations for /metrics', async () => {
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(new RegExp(`bk_queue_jobs\\{queue="${QueueNames.feedPush.replace('.', '\\.')}",state="completed"\\} [1-9]`));
    expect(text).toMatch(/bk_job_seconds_count\{[^}]*outcome="completed"[^}]*\} [1-9]/);
    expect(text).toMatch(/bk_job_seconds_count\{[^}]*outcome="failed"[^}]*\} [1-9]/);
  });

  it('exports the age of the oldest waiting job of each queue (0 when none waits)', async () => {
    const age = async (queue: string) => {
      const { values } = await metricsRegistry.getSingleMetric('bk_queue_oldest_waiting_seconds')!.get();
      return values.find((v) => v.labels.queue === queue)?.value;
    };
    await producer.unworked.add('manual-full', { backupId: 'first' });
    await new Promise((r) => setTimeout(r, 600));
    await producer.unworked.add('manual-full', { backupId: 'second' });
    await new Promise((r) => setTimeout(r, 600));
    expect(await age(QueueNames.backups)).toBeGreaterThanOrEqual(1.1);
    expect(await age(QueueNames.backups)).toBeLessThan(10);
    expect(await age(QueueNames.feedPush)).toBe(0);
    await producer.unworked.drain();
    expect(await age(QueueNames.backups)).toBe(0);
  });

  it('keeps one job scheduler per id in Europe/London time', async () => {
    await upsertSchedule(producer.queue, 'nightly', '0 3 * * *', { name: 'deliver', data: { clientId: 'client-9' } });
    await upsertSchedule(producer.queue, 'nightly', '0 4 * * *', { name: 'deliver', data: { clientId: 'client-9' } });
    const schedulers = await producer.queue.getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({ key: 'nightly', pattern: '0 4 * * *', tz: 'Europe/London' });
    await producer.queue.removeJobScheduler('nightly');
  });
});
