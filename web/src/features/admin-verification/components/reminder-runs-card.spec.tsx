import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VerificationReminderRun } from '@bleedkits/contracts';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { ReminderRunsCard } from './reminder-runs-card';
import { REMINDER_RUN_TEXTS as T } from './reminder-run-texts';

const aRun = (overrides: Partial<VerificationReminderRun> = {}): VerificationReminderRun => ({
  runId: 'r-1',
  status: 'done',
  requestedBy: 'schedule',
  kitsConsidered: 303,
  custodians: 2,
  custodiansDone: 2,
  emailsQueued: 2,
  emailsSent: 2,
  emailsFailed: 0,
  queuedAt: '2026-11-25T08:00:00.000Z',
  startedAt: '2026-11-25T08:00:01.000Z',
  finishedAt: '2026-11-25T08:00:09.000Z',
  error: null,
  ...overrides,
});
const page = (runs: VerificationReminderRun[]) => json({ data: runs, pagination: { total: runs.length, page: 1, pageSize: 20, pageCount: 1 } });

describe(ReminderRunsCard.name, () => {
  it('lists the history of runs, newest first, with their counts', async () => {
    mockFetch({ 'GET /api/admin/verification-reminders/runs': page([aRun(), aRun({ runId: 'r-0', status: 'failed', error: 'SMTP down' })]) });
    renderApp(<ReminderRunsCard />);
    const table = await screen.findByRole('table', { name: T.historyLabel });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByText('Done')).toBeInTheDocument();
    expect(within(rows[1]).getByText('303')).toBeInTheDocument();
    expect(within(rows[1]).getByText('2 of 2')).toBeInTheDocument();
    expect(within(rows[1]).getAllByText('25/11/2026, 08:00')).toHaveLength(2); // started and finished
    expect(within(rows[2]).getByText('Failed')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: T.currentRun })).not.toBeInTheDocument();
  });

  it('starts a run and shows its progress until it is done and its e-mails have left', async () => {
    const answers = [
      aRun({
        runId: 'r-2',
        status: 'queued',
        requestedBy: 'admin',
        startedAt: null,
        finishedAt: null,
        custodians: 0,
        custodiansDone: 0,
        emailsQueued: 0,
        emailsSent: 0,
        kitsConsidered: 0,
      }),
      aRun({
        runId: 'r-2',
        status: 'running',
        requestedBy: 'admin',
        finishedAt: null,
        custodians: 400,
        custodiansDone: 100,
        emailsQueued: 100,
        emailsSent: 10,
        kitsConsidered: 5000,
      }),
      aRun({
        runId: 'r-2',
        status: 'done',
        requestedBy: 'admin',
        custodians: 400,
        custodiansDone: 400,
        emailsQueued: 400,
        emailsSent: 400,
        kitsConsidered: 20000,
      }),
    ];
    const fetchMock = mockFetch({
      'GET /api/admin/verification-reminders/runs': page([]),
      'POST /api/admin/verification-reminders/run': json({ runId: 'r-2' }, 202),
      'GET /api/admin/verification-reminders/runs/r-2': () => json(answers.length > 1 ? answers.shift()! : answers[0]),
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<ReminderRunsCard />);
    expect(await screen.findByText(T.noRuns)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.runNow }));
    const current = await screen.findByRole('region', { name: T.currentRun });
    expect(await within(current).findByText('Queued')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.runNow })).toBeDisabled();

    expect(await within(current).findByText('Running', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(within(current).getByText('100 of 400 custodians e-mailed · 5,000 kits · 10 of 100 e-mails sent')).toBeInTheDocument();
    expect(within(current).getByRole('progressbar', { name: T.progressLabel })).toHaveAttribute('aria-valuenow', '25');

    expect(await within(current).findByText('Done', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(within(current).getByRole('progressbar', { name: T.progressLabel })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('button', { name: T.runNow })).toBeEnabled();
    expect(fetchMock.calls().filter((c) => c === 'POST /api/admin/verification-reminders/run')).toHaveLength(1);
  }, 15_000);
});
