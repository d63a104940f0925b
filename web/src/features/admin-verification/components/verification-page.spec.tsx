import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VerificationReportKit } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { aUser, json, mockFetch, type Routes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { pageNavigation } from '@/components/page-navigation';
import { VerificationPage } from './verification-page';
import { VERIFICATION_TEXTS as T } from './verification-texts';

const admin = aUser({ role: 'admin', email: 'admin@example.org' });

const reportKit = (id: number, overrides: Partial<VerificationReportKit> = {}): VerificationReportKit => ({
  id,
  serialNumber: `SN-${id}`,
  locationName: `Hall ${id}`,
  addressLine1: `${id} High Street`,
  city: 'Leeds',
  postcode: 'LS1 1AA',
  custodianName: `Custodian ${id}`,
  custodianEmail: `c${id}@example.org`,
  lastVerifiedAt: null,
  nextVerificationDue: '2026-01-10',
  verificationStatus: 'overdue',
  isOverdue: true,
  daysOverdue: 12,
  deploymentStatus: 'available',
  ...overrides,
});

const overdueKit = reportKit(1);
const dueSoonKit = reportKit(2, {
  nextVerificationDue: '2026-03-01',
  verificationStatus: 'due_soon',
  isOverdue: false,
  daysOverdue: 0,
  lastVerifiedAt: '2025-09-01T10:00:00Z',
});

const paging = (total: number) => ({ total, page: 1, limit: 50, asOfRevision: 1200, catchingUp: false });
const noRuns = json({ data: [], pagination: { total: 0, page: 1, pageSize: 20, pageCount: 1 } });
const busyRoutes: Routes = {
  'GET /api/admin/verification-reports/all': json({ overdueCount: 1, upcomingCount: 1, totalCount: 7, kits: [overdueKit, dueSoonKit], ...paging(2) }),
  'GET /api/admin/verification-reports/overdue': json({ cutoffDate: '2026-01-22', kits: [overdueKit], ...paging(1) }),
  'GET /api/admin/verification-reports/upcoming': json({ startDate: '2026-01-22', endDate: '2026-04-22', kits: [dueSoonKit], ...paging(1) }),
  'GET /api/admin/verification-reminders/runs': noRuns,
};
const quietRoutes: Routes = {
  'GET /api/admin/verification-reports/all': json({ overdueCount: 0, upcomingCount: 0, totalCount: 3, kits: [], ...paging(0) }),
  'GET /api/admin/verification-reports/overdue': json({ cutoffDate: '2026-01-22', kits: [], ...paging(0) }),
  'GET /api/admin/verification-reports/upcoming': json({ startDate: '2026-01-22', endDate: '2026-04-22', kits: [], ...paging(0) }),
  'GET /api/admin/verification-reminders/runs': noRuns,
};

const toastText = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>('[data-toast]');
    expect(el).not.toBeNull();
    return (el as HTMLElement).textContent ?? '';
  });

function setup(routes: Routes) {
  const fetchMock = mockFetch(routes);
  const user = userEvent.setup({ delay: null });
  renderApp(
    [
      { path: '/admin/verification', element: <VerificationPage user={admin} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { path: '/admin/verification' },
  );
  return { user, fetchMock };
}

afterEach(() => {
  act(() => dismissToast());
});

describe(VerificationPage.name, () => {
  it('sends a signed-out visitor to sign in and tells a user admin access is required', () => {
    mockFetch({});
    const leave = jest.spyOn(pageNavigation, 'replace').mockImplementation(() => undefined);
    const signedOut = renderApp(<VerificationPage user={null} />, { path: '/admin/verification' });
    expect(leave).toHaveBeenCalledWith('/api/login?returnTo=%2Fadmin%2Fverification');
    leave.mockRestore();
    signedOut.unmount();
    renderApp(<VerificationPage user={aUser()} />);
    expect(screen.getByText(T.permission)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
  });

  it('shows the overview counts and the three tabs with their kits', async () => {
    const { user } = setup(busyRoutes);
    expect(within(await screen.findByRole('region', { name: 'Total Active Kits' })).getByText('7')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Overdue' })).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Due Soon' })).getByText('1')).toBeInTheDocument();
    expect(screen.queryByText(T.allUpToDate)).not.toBeInTheDocument();

    const all = await screen.findByRole('table', { name: 'Kits requiring verification' });
    expect(within(all).getByText('Hall 1')).toBeInTheDocument();
    expect(within(all).getByText('Hall 2')).toBeInTheDocument();
    expect(within(all).getByText('10/01/2026')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Overdue (1)' }));
    const overdue = await screen.findByRole('table', { name: 'Overdue kits' });
    expect(within(overdue).getByText('Hall 1')).toBeInTheDocument();
    expect(within(overdue).getByText('12')).toBeInTheDocument();
    expect(screen.getByText('Due before 22/01/2026')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Due Soon (1)' }));
    expect(within(await screen.findByRole('table', { name: 'Kits due soon' })).getByText('Hall 2')).toBeInTheDocument();
    expect(screen.getByText('Due from 22/01/2026 to 22/04/2026')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/every 6 months/);
  });

  it('shows the four empty states, and refreshes the data on request', async () => {
    const { user, fetchMock } = setup(quietRoutes);
    expect(await screen.findByText(T.allUpToDate)).toBeInTheDocument();
    expect(await screen.findByText(T.emptyAll)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Overdue (0)' }));
    expect(await screen.findByText(T.emptyOverdue)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Due Soon (0)' }));
    expect(await screen.findByText(T.emptyUpcoming)).toBeInTheDocument();

    const before = fetchMock.calls().filter((c) => c === 'GET /api/admin/verification-reports/all').length;
    await user.click(screen.getByRole('button', { name: 'Refresh Data' }));
    expect(await toastText()).toMatch(T.refreshed);
    expect(fetchMock.calls().filter((c) => c === 'GET /api/admin/verification-reports/all').length).toBeGreaterThan(before);
  });

  it('asks for an address, previews first, then sends for real only after confirmation', async () => {
    const { user, fetchMock } = setup({
      ...quietRoutes,
      'POST /api/admin/verification-reports/test-email': async (req) => {
        const body = (await req.json()) as { email: string; sendReal?: boolean };
        return body.sendReal
          ? json({ emailSent: true, message: `Test verification email sent to ${body.email}` })
          : json({
              to: body.email,
              subject: 'Bleed kit verification due: BK-TEST-0001',
              contentPreview: 'Dear Sample Custodian',
              note: 'Preview only',
            });
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Test Verification Email' }));
    await user.click(card.getByRole('button', { name: 'Preview Email' }));
    expect(await toastText()).toBe(`${T.emailRequired.title}${T.emailRequired.description}`);
    expect(card.queryByRole('button', { name: 'Send Real Email' })).not.toBeInTheDocument();

    await user.type(card.getByLabelText('Email address'), 'tester@example.org');
    await user.click(card.getByRole('button', { name: 'Preview Email' }));
    expect(await card.findByText('Bleed kit verification due: BK-TEST-0001')).toBeInTheDocument();
    expect(card.getByText('Dear Sample Custodian')).toBeInTheDocument();
    expect(await toastText()).toMatch(T.previewGenerated);
    expect(await fetchMock.bodies('POST /api/admin/verification-reports/test-email')).toEqual([{ email: 'tester@example.org' }]);

    await user.click(card.getByRole('button', { name: 'Send Real Email' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send a real test email?' });
    await user.click(within(confirm).getByRole('button', { name: 'Send Email' }));
    expect(await toastText()).toMatch(T.sent);
    expect((await fetchMock.bodies('POST /api/admin/verification-reports/test-email'))[1]).toEqual({ email: 'tester@example.org', sendReal: true });
  });

  it.each([
    ['the outbox refused it', json({ emailSent: false, message: 'SMTP is not configured' }), `${T.notSent.title}SMTP is not configured`],
    ['the server failed', json({ message: 'boom' }, 500), `${T.failed.title}${T.failed.description}`],
  ])('says so when %s', async (_case, sendAnswer, expected) => {
    const { user } = setup({
      ...quietRoutes,
      'POST /api/admin/verification-reports/test-email': async (req) => {
        const body = (await req.json()) as { sendReal?: boolean };
        return body.sendReal ? sendAnswer.clone() : json({ message: 'preview service down' }, 503);
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Test Verification Email' }));
    await user.type(card.getByLabelText('Email address'), 'tester@example.org');
    await user.click(card.getByRole('button', { name: 'Preview Email' }));
    // A failed preview falls back to a default one, silently.
    expect(await card.findByText('Bleed kit verification due')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Send Real Email' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Send a real test email?' })).getByRole('button', { name: 'Send Email' }));
    expect(await toastText()).toBe(expected);
  });
});
