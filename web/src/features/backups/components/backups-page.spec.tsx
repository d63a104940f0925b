import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BackupMessages, type BackupPage, type BackupRecord, type BackupSecurityStats, type DropboxConnection } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { aUser, json, mockFetch, type Routes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { pageNavigation } from '@/components/page-navigation';
import { BackupsPage } from './backups-page';

const admin = aUser({ role: 'admin', email: 'admin@example.org' });

const backup = (n: number, overrides: Partial<BackupRecord> = {}): BackupRecord => ({
  id: `b-${n}`,
  createdAt: new Date(Date.UTC(2025, 6, 20 - n, 2, 0)).toISOString(),
  status: 'success',
  isFullBackup: n % 7 === 0,
  isAutomatic: true,
  sizeBytes: 5 * 1024 * 1024 + n * 1024,
  durationMs: 4200,
  fileName: `bleedkits-2025-07-${String(20 - n).padStart(2, '0')}T02-00-00Z-incremental-${n}.bkb`,
  cloudCopyStatus: 'uploaded',
  errorMessage: null,
  ...overrides,
});

const pageOf = (rows: BackupRecord[], total = rows.length, page = 1): BackupPage => ({
  data: rows,
  pagination: { total, page, pageSize: 10, pageCount: Math.max(1, Math.ceil(total / 10)) },
});

const STATS: BackupSecurityStats = {
  backupStats: { totalBackups: 23, latestBackupAt: '2025-07-19T01:00:00.000Z', latestBackupSize: 5 * 1024 * 1024, failedBackups: 1 },
  securityStatus: { backupEncryptionEnabled: true, remoteBackupEnabled: false, backupSchedulerActive: true },
};

const NOT_CONNECTED: DropboxConnection = {
  mode: 'none',
  connectAvailable: true,
  accountName: null,
  accountEmail: null,
  connectedAt: null,
  broken: false,
  lastCopyAt: null,
  lastError: null,
  lastErrorAt: null,
};

function setup(routes: Routes = {}) {
  const fetchMock = mockFetch({
    'GET /api/admin/security-stats': json(STATS),
    'GET /api/admin/backups': json(pageOf([])),
    'GET /api/admin/dropbox': json(NOT_CONNECTED),
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  const view = renderApp(<BackupsPage user={admin} />, { path: '/admin/backups' });
  return { user, fetchMock, ...view };
}

const historyRows = () =>
  within(screen.getByRole('table', { name: 'Backup history' }))
    .getAllByRole('row')
    .slice(1);

afterEach(() => {
  act(() => dismissToast());
  jest.restoreAllMocks();
});

describe(BackupsPage.name, () => {
  it('shows the security status, the schedule and a page of history, and asks the server for the next page', async () => {
    const { user, fetchMock } = setup({
      'GET /api/admin/backups': (req) => {
        const page = Number(new URL(req.url).searchParams.get('page'));
        const rows =
          page === 1
            ? Array.from({ length: 10 }, (_, i) => backup(i + 1))
            : [backup(11, { status: 'failed', sizeBytes: null, errorMessage: 'Backup failed: disk full' })];
        return json(pageOf(rows, 11, page));
      },
    });
    expect(await screen.findByRole('heading', { name: 'Database Backup Management', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Backup History' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Dropbox Setup' })).toBeInTheDocument();

    const status = screen.getByRole('region', { name: 'Security Status' });
    expect(await within(status).findByText('Enabled (AES-256-GCM)')).toBeInTheDocument();
    expect(within(status).getByText('Not configured: backups stay on the server')).toBeInTheDocument();
    expect(within(status).getByText('Active')).toBeInTheDocument();
    expect(within(status).getByText('23')).toBeInTheDocument();
    expect(within(status).getByText('19/07/2025 02:00')).toBeInTheDocument();
    expect(within(status).getByText('5.0 MB')).toBeInTheDocument();

    const schedule = screen.getByRole('region', { name: 'Backup Schedule' });
    expect(within(schedule).getByText('Daily incremental backup at 3:00 AM')).toBeInTheDocument();
    expect(within(schedule).getByText('Weekly full backup on Sunday at 2:00 AM')).toBeInTheDocument();
    expect(within(schedule).getByText('Retention: last 7 daily, 4 weekly, 3 monthly')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Dropbox token form' })).toBeInTheDocument();

    await waitFor(() => expect(historyRows()).toHaveLength(10));
    const first = within(historyRows()[0])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(first).toEqual(['19/07/2025 03:00', 'Incremental', 'Scheduled', 'Success', '5.0 MB', '4.2 s', 'In Dropbox', backup(1).fileName]);
    expect(screen.getByText('1–10 of 11')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([r]) => (r as Request).url).filter((u) => u.includes('/api/admin/backups'))[0]).toMatch(
      /\/api\/admin\/backups\?page=1&limit=10$/,
    );

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(historyRows()).toHaveLength(1));
    expect(within(historyRows()[0]).getByText('Failed')).toBeInTheDocument();
    expect(within(historyRows()[0]).getByText('Backup failed: disk full')).toBeInTheDocument();
    expect(within(historyRows()[0]).getByTestId('backup-size')).toHaveTextContent('—');
    expect(screen.getByText('11–11 of 11')).toBeInTheDocument();
  });

  it("says 'No backup history found' when there are no backups", async () => {
    setup();
    expect(await screen.findByText(BackupMessages.noHistory)).toBeInTheDocument();
    expect(screen.queryByText(BackupMessages.loadFailed)).toBeNull();
  });

  it('falls back to an empty list with the spec message when the history or the stats cannot be read', async () => {
    setup({ 'GET /api/admin/backups': json({ message: 'Backups are unavailable' }, 503), 'GET /api/admin/security-stats': json({}, 503) });
    expect(await screen.findByText('Failed to load backup information. Please try again later.')).toBeInTheDocument();
    expect(await screen.findByText(BackupMessages.noHistory)).toBeInTheDocument();
    // Unknown is not 'Disabled': nothing claims encryption is off when the stats are missing.
    expect(within(screen.getByRole('region', { name: 'Security Status' })).queryByText('Disabled')).toBeNull();
  });

  it('Backup Now: the spec toast, then the history follows the backup from in progress to success and the stats refresh', async () => {
    let state: 'none' | 'running' | 'done' = 'none';
    let listReads = 0;
    const running = backup(0, {
      id: 'new',
      isFullBackup: true,
      isAutomatic: false,
      status: 'in_progress',
      sizeBytes: null,
      durationMs: null,
      fileName: null,
      cloudCopyStatus: 'local_only',
    });
    const { user, fetchMock } = setup({
      'POST /api/admin/backup': () => {
        state = 'running';
        return json({ message: 'Backup started', backup: running }, 202);
      },
      'GET /api/admin/backups': () => {
        listReads++;
        if (state === 'running' && listReads >= 3) state = 'done';
        if (state === 'none') return json(pageOf([]));
        return json(
          pageOf([
            state === 'running'
              ? running
              : { ...running, status: 'success', sizeBytes: 2_400_000, durationMs: 900, fileName: 'bleedkits-new-full.bkb' },
          ]),
        );
      },
    });
    expect(await screen.findByText(BackupMessages.noHistory)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Backup Now' }));
    expect(await screen.findByText('Backup initiated')).toBeInTheDocument();
    expect(screen.getByText('Database backup process has been started successfully.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.map(([r]) => r as Request).find((r) => r.method === 'POST')!;
    expect(post.headers.get('content-type')).toBe('application/json');

    expect(await screen.findByText('In progress')).toBeInTheDocument();
    expect(screen.getByText('A backup is in progress. The history updates when it finishes.')).toBeInTheDocument();
    // Polled every 2 seconds until it ends.
    expect(await screen.findByText('Success', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(historyRows()[0]).getByTestId('backup-size')).toHaveTextContent('2.3 MB');
    expect(
      within(historyRows()[0])
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1, 3),
    ).toEqual(['Full', 'Manual']);
    await waitFor(() => expect(fetchMock.calls().filter((c) => c === 'GET /api/admin/security-stats').length).toBeGreaterThanOrEqual(3));
  }, 15_000);

  it("Backup Now that cannot start shows the spec's failure toast", async () => {
    const { user } = setup({ 'POST /api/admin/backup': json({ message: 'The backup could not be queued. Please try again.' }, 503) });
    await user.click(await screen.findByRole('button', { name: 'Backup Now' }));
    expect(await screen.findByText('Backup failed')).toBeInTheDocument();
    expect(screen.getByText('There was a problem starting the backup process.')).toBeInTheDocument();
  });

  it('token form: the spec rules run before any call, all failures at once', async () => {
    const { user, fetchMock } = setup();
    const form = await screen.findByRole('form', { name: 'Dropbox token form' });
    const field = within(form).getByLabelText('Dropbox Access Token');
    const submit = within(form).getByRole('button', { name: 'Configure Dropbox' });

    await user.click(submit);
    expect(within(form).getByText('Please enter a Dropbox access token')).toBeInTheDocument();
    await user.type(field, 'short');
    expect(within(form).queryByText('Please enter a Dropbox access token')).toBeNull(); // typing returns the form to idle
    await user.click(submit);
    expect(within(form).getByText('Your Dropbox token must be at least 20 characters long')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '<abc>');
    await user.click(submit);
    expect(within(form).getByText('Your Dropbox token must be at least 20 characters long')).toBeInTheDocument();
    expect(
      within(form).getByText("Your token contains invalid characters. Please ensure you've copied the full token correctly"),
    ).toBeInTheDocument();
    expect(fetchMock.calls()).not.toContain('POST /api/admin/dropbox-setup');
  });

  it('token form: loading while Dropbox is asked, then success; the server message on refusal; the fallback otherwise', async () => {
    let answer: (r: Response) => void = () => undefined;
    const replies: (() => Response | Promise<Response>)[] = [
      () => new Promise<Response>((resolve) => (answer = resolve)),
      () => json({ message: BackupMessages.tokenRejected, code: 'VALIDATION_FAILED' }, 400),
      () => json({}, 502),
    ];
    const { user, fetchMock } = setup({ 'POST /api/admin/dropbox-setup': () => replies.shift()!() });
    const form = await screen.findByRole('form', { name: 'Dropbox token form' });
    const field = within(form).getByLabelText('Dropbox Access Token');

    await user.type(field, '  sl.a-real-looking-token-0123456789  ');
    await user.click(within(form).getByRole('button', { name: 'Configure Dropbox' }));
    const busy = await within(form).findByRole('button', { name: 'Configuring...' });
    expect(busy).toBeDisabled();
    expect(field).toBeDisabled();
    expect(await fetchMock.bodies('POST /api/admin/dropbox-setup')).toEqual([{ token: 'sl.a-real-looking-token-0123456789' }]);
    act(() => answer(json({ message: 'Dropbox configured successfully!' })));
    expect(await within(form).findByText('Dropbox configured successfully!')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(within(form).getByRole('button', { name: 'Configure Dropbox' })).toBeEnabled();

    await user.type(field, 'sl.never-issued-token-0123456789');
    await user.click(within(form).getByRole('button', { name: 'Configure Dropbox' }));
    expect(await within(form).findByText(BackupMessages.tokenRejected)).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Configure Dropbox' }));
    expect(await within(form).findByText('Failed to configure Dropbox. Please try again.')).toBeInTheDocument();
  });

  it('Dropbox Setup tab: the required permissions warning and the token form', async () => {
    const { user } = setup({
      'GET /api/admin/security-stats': json({ ...STATS, securityStatus: { ...STATS.securityStatus, remoteBackupEnabled: true } }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Dropbox Setup' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Required permissions')).toBeInTheDocument();
    expect(within(panel).getAllByText('files.content.read').length).toBeGreaterThan(0);
    expect(within(panel).getAllByText('files.content.write').length).toBeGreaterThan(0);
    expect(within(panel).getByRole('form', { name: 'Dropbox token form' })).toBeInTheDocument();
    expect(within(panel).getByText('Dropbox is connected. Saving a new token replaces the current one.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Backup history' })).toBeNull();
  });

  it('shows the permission message and a way home to a signed-in non-admin, and calls nothing', () => {
    const fetchMock = mockFetch({});
    renderApp(<BackupsPage user={aUser()} />);
    expect(screen.getByText("You don't have permission to access this page. Admin access is required.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
    expect(fetchMock.calls()).toEqual([]);
  });

  it('sends a signed-out visitor to sign in through /api/login, to come back here', () => {
    mockFetch({});
    const leave = jest.spyOn(pageNavigation, 'replace').mockImplementation(() => undefined);
    renderApp(<BackupsPage user={null} />, { path: '/admin/backups' });
    expect(leave).toHaveBeenCalledWith('/api/login?returnTo=%2Fadmin%2Fbackups');
    leave.mockRestore();
  });
});
