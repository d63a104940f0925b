import { ErrorCode } from '@bleedkits/contracts';
import { codedRefusal as refusal } from '@bleedkits/platform/testing';
import type { ReminderRunRepository, StoredReminderRun } from '../../database/reminder-run.repository';
import type { EmailOutbox } from '../../providers/email-outbox/email-outbox.port';
import { ReminderRunsHandler } from './reminder-runs.handler';

const stored = (runId: string, custodiansDone: number): StoredReminderRun => ({
  runId,
  status: 'done',
  requestedBy: 'schedule',
  kitsConsidered: custodiansDone * 2,
  custodians: custodiansDone,
  custodiansDone,
  queuedAt: '2026-03-10T08:00:00.000Z',
  startedAt: '2026-03-10T08:00:01.000Z',
  finishedAt: '2026-03-10T08:00:09.000Z',
  error: null,
});

describe(ReminderRunsHandler.name, () => {
  const runs = { page: jest.fn(async () => ({ runs: [stored('a', 3), stored('b', 2)], total: 41 })) };
  const outbox = {
    batchCounts: jest.fn(async () => ({
      'verification-run:a': { queued: 3, sent: 2, failed: 1 },
      'verification-run:b': { queued: 0, sent: 0, failed: 0 },
    })),
  };
  const handler = new ReminderRunsHandler(runs as unknown as ReminderRunRepository, outbox as unknown as EmailOutbox);

  it('answers a page of runs with their delivery counts from the outbox', async () => {
    const page = await handler.execute({ page: 2 });
    expect(runs.page).toHaveBeenCalledWith(2);
    expect(outbox.batchCounts).toHaveBeenCalledWith(['verification-run:a', 'verification-run:b']);
    expect(page.pagination).toEqual({ total: 41, page: 2, pageSize: 20, pageCount: 3 });
    expect(page.data[0]).toMatchObject({ runId: 'a', emailsQueued: 3, emailsSent: 2, emailsFailed: 1 });
    // Handed to the outbox but not yet counted there: the run's own count stands.
    expect(page.data[1]).toMatchObject({ runId: 'b', emailsQueued: 2, emailsSent: 0 });
  });

  it('refuses a page that is not a whole number from 1', async () => {
    for (const page of [0, -1, 1.5, 'x' as unknown as number])
      expect((await refusal(handler.execute({ page }))).code).toBe(ErrorCode.ValidationFailed);
  });
});
