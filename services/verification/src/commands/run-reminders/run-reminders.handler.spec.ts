import type { QueueNames, VerificationReminderJob } from '@bleedkits/contracts';
import type { TypedQueue } from '@bleedkits/platform';
import type { ReminderRunRepository } from '../../database/reminder-run.repository';
import { RunRemindersHandler } from './run-reminders.handler';

describe(RunRemindersHandler.name, () => {
  const setup = (add: (name: string, data: VerificationReminderJob, opts: { jobId: string }) => Promise<unknown>) => {
    const runs = { queue: jest.fn(async () => undefined), fail: jest.fn(async () => undefined) };
    const queue = { add: jest.fn(add) };
    return {
      runs,
      queue,
      handler: new RunRemindersHandler(
        runs as unknown as ReminderRunRepository,
        queue as unknown as TypedQueue<typeof QueueNames.verificationReminders>,
      ),
    };
  };

  it('records the run as queued, queues its job under the run id and answers the id at once', async () => {
    const { handler, runs, queue } = setup(async () => ({}));
    const { runId } = await handler.execute({});
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);
    expect(runs.queue).toHaveBeenCalledWith(runId, 'admin');
    expect(queue.add).toHaveBeenCalledTimes(1);
    expect(queue.add).toHaveBeenCalledWith('reminder-run', { kind: 'reminder-run', requestedBy: 'admin', runId }, { jobId: `reminder-run-${runId}` });
  });

  it('with digest: true also queues the admins’ digest', async () => {
    const { handler, queue } = setup(async () => ({}));
    const { runId } = await handler.execute({ digest: true });
    expect(queue.add).toHaveBeenLastCalledWith('admin-digest', { kind: 'admin-digest', requestedBy: 'admin' }, { jobId: `admin-digest-${runId}` });
  });

  it('a run that could not be queued is marked failed, never left queued', async () => {
    const { handler, runs } = setup(async () => {
      throw new Error('Redis is down');
    });
    await expect(handler.execute({})).rejects.toThrow('Redis is down');
    expect(runs.fail).toHaveBeenCalledWith(expect.any(String), 'could not be queued: Redis is down');
  });
});
