import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CsvComparisonResponse, CsvUpdateEntry } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { CsvComparisonInput } from './csv-comparison-input';
import { shortError } from './proposed-changes';

const JOB = '9f1c1e0e-8f4e-4a53-9d1c-2f1e0e6c3a22';
const comparison: CsvComparisonResponse = {
  matched: [
    {
      csv_data: { serial_number: 'KIT-1', location_name: 'Library', city: 'Sale Moor', postcode: 'M33 7ZF' },
      db_data: { id: 11, status: 'active', serial_number: 'KIT-1', location_name: 'Library', city: 'Sale', postcode: 'M33 7ZF' } as never,
      match_type: 'serial_number',
      differences: [
        { field: 'city', current: 'Sale', proposed: 'Sale Moor', reason: 'The CSV value differs from the register' },
        { field: 'what3words', current: null, proposed: 'filled.count.soap', reason: 'The register has no value' },
      ],
    },
    {
      csv_data: { serial_number: 'KIT-2', location_name: 'Pool', custodian_email: 'new@example.org' },
      db_data: { id: 12, status: 'active', serial_number: 'KIT-2', location_name: 'Pool' } as never,
      match_type: 'serial_number',
      differences: [
        { field: 'custodian_email', current: 'old@example.org', proposed: 'new@example.org', reason: 'The CSV value differs from the register' },
      ],
    },
  ],
  unmatched_csv: [{ csv_data: { serial_number: 'NEW-1', location_name: 'New Hall', postcode: 'M1 1AE' } }],
  summary: { potential_updates: 2, new_kits: 1, matched_count: 2 },
};
const longError = "The kit changed after the comparison: custodian_email is now 'edited@example.org', not 'old@example.org'.";

afterEach(() => dismissToast());

async function openDialog(routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({ 'POST /api/admin/csv-comparison': json(comparison), ...routes });
  const user = userEvent.setup({ delay: null });
  renderApp(<CsvComparisonInput />);
  fireEvent.change(screen.getByTestId('csv-comparison-input'), {
    target: { files: [new File(['serial_number\r\nKIT-1\r\n'], 'ambulance.csv', { type: 'text/csv' })] },
  });
  const dialog = await screen.findByRole('dialog', { name: 'CSV Database Comparison Results' });
  return { user, fetchMock, dialog };
}

describe('CSV Database Comparison Results', () => {
  it('lists every proposed change; a value is edited with Enter, an edit abandoned with Escape, a change removed', async () => {
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByTestId('comparison-summary')).toHaveTextContent('2 kits matched, 2 with changes; 1 new kits.');
    const table = within(dialog).getByRole('table', { name: 'Proposed changes' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(dialog).getByRole('button', { name: 'Apply 4 Changes' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Edit proposed city of KIT-1' }));
    const field = within(dialog).getByRole('textbox', { name: 'New city for KIT-1' });
    await user.clear(field);
    await user.type(field, 'Sale Moor East{Enter}');
    expect(within(table).getByText('Sale Moor East')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Edit proposed what3words of KIT-1' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'New what3words for KIT-1' }), 'xyz{Escape}');
    expect(within(table).getByText('filled.count.soap')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'CSV Database Comparison Results' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove custodian_email change for KIT-2' }));
    expect(within(dialog).getByRole('button', { name: 'Apply 3 Changes' })).toBeEnabled();
  });

  it('applies the remaining changes as one job and polls its per-update progress every 2 s until it completes', async () => {
    let polls = 0;
    const entries = (done: boolean): CsvUpdateEntry[] => [
      { id: 1, status: 'completed', action: 'update', dbId: 11, processedAt: '2025-07-01T10:00:00.000Z', errorMessage: null },
      {
        id: 2,
        status: done ? 'failed' : 'processing',
        action: 'update',
        dbId: 12,
        processedAt: done ? '2025-07-01T10:00:01.000Z' : null,
        errorMessage: done ? longError : null,
      },
      { id: 3, status: done ? 'completed' : 'processing', action: 'create', dbId: done ? 31 : null, processedAt: null, errorMessage: null },
    ];
    const { user, dialog, fetchMock } = await openDialog({
      'POST /api/admin/queue-csv-updates': json({ jobId: JOB, totalUpdates: 3 }),
      'GET /api/admin/queue-csv-updates': () => {
        polls++;
        return json({
          jobId: JOB,
          status: polls > 1 ? 'completed' : 'processing',
          totalUpdates: 3,
          progress: polls > 1 ? { successful: 2, failed: 1 } : { successful: 1, failed: 0 },
        });
      },
      'GET /api/admin/csv-update-entries': () => json({ jobId: JOB, entries: entries(polls > 1) }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Apply 4 Changes' }));
    expect(await within(dialog).findByText(JOB)).toBeInTheDocument();
    const [body] = (await fetchMock.bodies('POST /api/admin/queue-csv-updates')) as { approvedUpdates: unknown[] }[];
    expect(body.approvedUpdates).toEqual([
      {
        action: 'update',
        db_id: 11,
        changes: [
          { field: 'city', old_value: 'Sale', new_value: 'Sale Moor' },
          { field: 'what3words', old_value: null, new_value: 'filled.count.soap' },
        ],
      },
      { action: 'update', db_id: 12, changes: [{ field: 'custodian_email', old_value: 'old@example.org', new_value: 'new@example.org' }] },
      { action: 'create', csv_data: { serial_number: 'NEW-1', location_name: 'New Hall', postcode: 'M1 1AE' } },
    ]);
    const progress = await within(dialog).findByRole('table', { name: 'Update progress' });
    await waitFor(() => expect(within(progress).getAllByText('failed')).toHaveLength(1), { timeout: 8000 });
    expect(within(progress).getByText(shortError(longError))).toBeInTheDocument();
    expect(shortError(longError)).toBe(`${longError.slice(0, 50)}...`);
    expect(await screen.findByText('Updates applied')).toBeInTheDocument();
    const pollsWhenDone = polls;
    await new Promise((r) => setTimeout(r, 2500));
    expect(polls).toBe(pollsWhenDone);
  }, 60_000);

  it("says 'Failed to queue updates' and 'CSV comparison failed' with the server's message", async () => {
    const { user, dialog } = await openDialog({ 'POST /api/admin/queue-csv-updates': json({ message: 'Update 1: db_id must be a kit id' }, 400) });
    await user.click(within(dialog).getByRole('button', { name: 'Apply 4 Changes' }));
    expect(await screen.findByText('Failed to queue updates')).toBeInTheDocument();
    expect(screen.getByText('Update 1: db_id must be a kit id')).toBeInTheDocument();

    mockFetch({ 'POST /api/admin/csv-comparison': json({ message: 'Unable to parse the uploaded file. Please check the format.' }, 400) });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.change(screen.getByTestId('csv-comparison-input'), { target: { files: [new File(['"'], 'bad.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('CSV comparison failed')).toBeInTheDocument();
    expect(screen.getByText('Unable to parse the uploaded file. Please check the format.')).toBeInTheDocument();
  });

  it("toasts 'Background processing failed' when the job fails", async () => {
    const { user, dialog } = await openDialog({
      'POST /api/admin/queue-csv-updates': json({ jobId: JOB, totalUpdates: 3 }),
      'GET /api/admin/queue-csv-updates': json({ jobId: JOB, status: 'failed', totalUpdates: 3, progress: { successful: 0, failed: 0 } }),
      'GET /api/admin/csv-update-entries': json({ jobId: JOB, entries: [] }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Apply 4 Changes' }));
    expect(await screen.findByText('Background processing failed')).toBeInTheDocument();
    expect(screen.getByText('The update job encountered an error. Please try again.')).toBeInTheDocument();
  });
});
