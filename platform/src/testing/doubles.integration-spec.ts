import { Queue } from 'bullmq';
import { recordingQueue } from './doubles';
import { TEST_REDIS_URL, deleteRedisKeys, testQueuePrefix } from './redis';

/**
 * The queue double the handler specs use must behave as BullMQ does where handlers rely on it: a job id is added
 * once while its job exists, getJob finds it with its state, and a removed job's id may be added again. The same
 * steps run on a real queue in Redis and on the double, and must read the same.
 */
describe('recordingQueue, beside a real BullMQ queue', () => {
  const prefix = testQueuePrefix();
  const real = new Queue('doubles-check', { prefix, connection: { url: TEST_REDIS_URL } });
  afterAll(async () => {
    await real.close();
    await deleteRedisKeys(prefix);
  });

  type QueueLike = {
    add(name: string, data: unknown, opts: { jobId: string }): Promise<unknown>;
    getJob(id: string): Promise<{ data: unknown; getState(): Promise<string>; remove(): Promise<void> } | undefined>;
  };
  const steps = async (queue: QueueLike) => {
    const seen: unknown[] = [];
    await queue.add('copy', { backupId: 'first' }, { jobId: 'copy-1' });
    await queue.add('copy', { backupId: 'second' }, { jobId: 'copy-1' });
    const job = await queue.getJob('copy-1');
    seen.push(job?.data, await job?.getState());
    await job?.remove();
    seen.push(await queue.getJob('copy-1'));
    await queue.add('copy', { backupId: 'third' }, { jobId: 'copy-1' });
    seen.push((await queue.getJob('copy-1'))?.data);
    return seen;
  };

  it('adds a job id once, finds it waiting, and takes it again once removed', async () => {
    const expected = [{ backupId: 'first' }, 'waiting', undefined, { backupId: 'third' }];
    expect(await steps(real as unknown as QueueLike)).toEqual(expected);
    expect(await steps(recordingQueue().queue as unknown as QueueLike)).toEqual(expected);
  });
});
