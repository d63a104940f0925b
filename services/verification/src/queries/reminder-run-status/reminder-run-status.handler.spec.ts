import { ErrorCode } from '@bleedkits/contracts';
import { codedRefusal as refusal } from '@bleedkits/platform/testing';
import type { ReminderRunRepository } from '../../database/reminder-run.repository';
import type { EmailOutbox } from '../../providers/email-outbox/email-outbox.port';
import { ReminderRunStatusHandler } from './reminder-run-status.handler';

describe(ReminderRunStatusHandler.name, () => {
  const run = {
    runId: 'r1',
    status: 'running' as const,
    requestedBy: 'admin' as const,
    kitsConsidered: 40,
    custodians: 10,
    custodiansDone: 4,
    queuedAt: '2026-03-10T08:00:00.000Z',
    startedAt: '2026-03-10T08:00:01.000Z',
    finishedAt: null,
    error: null,
  };
  const runs = { find: jest.fn(async (id: string) => (id === 'r1' ? run : null)) };
  const outbox = { batchCounts: jest.fn(async () => ({ 'verification-run:r1': { queued: 4, sent: 3, failed: 0 } })) };
  const handler = new ReminderRunStatusHandler(runs as unknown as ReminderRunRepository, outbox as unknown as EmailOutbox);

  it('answers the run with its progress and delivery', async () => {
    expect(await handler.execute({ runId: 'r1' })).toEqual({ ...run, emailsQueued: 4, emailsSent: 3, emailsFailed: 0 });
  });

  it('404 for an unknown run, 400 for no id', async () => {
    expect((await refusal(handler.execute({ runId: 'nope' }))).code).toBe(ErrorCode.NotFound);
    expect((await refusal(handler.execute({ runId: '' }))).code).toBe(ErrorCode.ValidationFailed);
    expect((await refusal(handler.execute({ runId: 7 as unknown as string }))).code).toBe(ErrorCode.ValidationFailed);
  });
});
