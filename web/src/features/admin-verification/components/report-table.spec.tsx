import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VerificationReportKit } from '@bleedkits/contracts';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { ReportTable, UPDATING_TEXT } from './report-table';

const kit = (id: number): VerificationReportKit => ({
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
  daysOverdue: 300 - id,
  deploymentStatus: 'available',
});

describe(ReportTable.name, () => {
  it('reads the report a page at a time from the server, with its total, and offers the whole report as CSV', async () => {
    const fetchMock = mockFetch({
      'GET /api/admin/verification-reports/overdue': (req) => {
        const page = Number(new URL(req.url).searchParams.get('page'));
        const kits = Array.from({ length: page === 3 ? 20 : 50 }, (_, i) => kit((page - 1) * 50 + i + 1));
        return json({ cutoffDate: '2026-11-26', kits, total: 120, page, limit: 50, asOfRevision: 9, catchingUp: false });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp(
      <ReportTable report="overdue" label="Overdue kits" empty="No overdue kits found." caption={(d) => `Due before ${String(d.cutoffDate)}`} />,
    );
    const table = await screen.findByRole('table', { name: 'Overdue kits' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getByText('Hall 1')).toBeInTheDocument();
    expect(screen.getByText('1–50 of 120')).toBeInTheDocument();
    expect(screen.getByText('Due before 2026-11-26')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/verification-reports/overdue/csv');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Hall 51')).toBeInTheDocument();
    expect(screen.getByText('51–100 of 120')).toBeInTheDocument();
    const asked = (fetchMock.mock.calls as [Request][]).map(([r]) => new URL(r.url).search);
    expect(asked).toEqual(['?page=1&limit=50', '?page=2&limit=50']);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says "Updating…" while the report is behind the kits feed, and asks again until it is current', async () => {
    const answers = [true, true, false];
    mockFetch({
      'GET /api/admin/verification-reports/all': () => {
        const catchingUp = answers.length > 1 ? answers.shift()! : answers[0];
        const kits = catchingUp ? [kit(1)] : [kit(1), kit(2)];
        return json({
          overdueCount: kits.length,
          upcomingCount: 0,
          totalCount: 2,
          kits,
          total: kits.length,
          page: 1,
          limit: 50,
          asOfRevision: 9,
          catchingUp,
        });
      },
    });
    renderApp(<ReportTable report="all" label="Kits requiring verification" empty="none" />);
    expect(await screen.findByRole('status')).toHaveTextContent(UPDATING_TEXT);
    expect(await screen.findByText('Hall 2', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  }, 15_000);
});
