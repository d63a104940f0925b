import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AdminKit } from '@bleedkits/contracts';
import { verificationDueReport } from '../lib/admin-console';
import { renderApp } from '@/test/render';
import { aKit } from '@/test/a-kit';
import { VerificationDueDialog } from './verification-due-dialog';

/** The Verification Due tile's dialog: the report from the rules of contracts, and its CSV export. */
describe(VerificationDueDialog.name, () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const kits = [
    {
      ...aKit({
        id: 1,
        serialNumber: 'OVER-1',
        locationName: 'Library',
        addressLine1: '1 Book St',
        addressLine2: 'Rear',
        city: 'York',
        postcode: 'YO1 1AA',
        custodianName: 'Ann',
        status: 'active',
        nextVerificationDue: '2026-03-01',
      }),
      isOverdue: true,
    },
    {
      ...aKit({
        id: 2,
        serialNumber: 'SOON-2',
        locationName: '=HYPERLINK("x")',
        city: 'York',
        postcode: 'YO1 2BB',
        custodianName: 'Bob',
        status: 'active',
        nextVerificationDue: '2026-04-01',
      }),
      isOverdue: false,
    },
    { ...aKit({ id: 3, serialNumber: 'LATER-3', status: 'active', nextVerificationDue: '2026-06-01' }), isOverdue: false },
  ] as AdminKit[];

  it('lists kits overdue or due within 30 days and exports them as CSV with dd/MM/yyyy dates', async () => {
    const saved: string[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      const reader = new FileReader();
      reader.onload = () => saved.push(String(reader.result));
      reader.readAsText(blob);
      return 'blob:report';
    });
    URL.revokeObjectURL = jest.fn();
    const rows = verificationDueReport(kits, now);
    renderApp(<VerificationDueDialog rows={rows} onClose={jest.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Verification Due Report' });
    const table = within(dialog).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('1 Book St, Rear')).toBeInTheDocument();
    expect(within(table).getByText('01/03/2026')).toBeInTheDocument();

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [csv] = saved;
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Serial Number,Location,Address,City,Postcode,Custodian,Due Date,Days Overdue,Status');
    expect(lines[1]).toBe('OVER-1,Library,"1 Book St, Rear",York,YO1 1AA,Ann,01/03/2026,9,Overdue');
    // Formula injection is neutralised, as in every export.
    expect(lines[2]).toMatch(/^SOON-2,"'=HYPERLINK\(""x""\)",/);
    expect(lines[2]).toMatch(/01\/04\/2026,0,Due Soon$/);
  });
});
