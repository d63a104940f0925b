import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEVER_DOWNLOADED_SENTINEL, NO_NEW_APPROVED_KITS, type ApprovedKitsDownloadResponse } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { aKit, anAdmin } from '../admin.fixtures';
// Specs may cross feature lines: the app shell hands the console the shared kit dialogs in the same way.
import { kitDialogs } from '@/features/kit-dialogs';
import { AdminPage } from './admin-page';
import { lastDownloadText } from './admin-tools-tab';

type Saved = { name: string; text: Promise<string> };

/** jsdom's Blob has no text(); FileReader reads it. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
let saved: Saved[] = [];

beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  // jsdom has no object URLs: keep the blob so the saved file's text can be read back.
  URL.createObjectURL = jest.fn((blob: Blob) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: readBlob(blobs.get(this.href)!) });
  });
});

// The console mounts many MUI components; a loaded machine needs more than the default 5 s.

afterEach(() => {
  dismissToast();
  jest.restoreAllMocks();
});

const longSerial = 'IMPORT-ABCDEFGHIJKLMNOPQRSTUV';

async function openTools(routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    'GET /api/test-kits': json([aKit(1), aKit(2, { serialNumber: longSerial, status: 'pending' }), aKit(3, { userEmail: null })]),
    'GET /api/admin/pending-kits-working': json([]),
    'GET /api/admin/user-management': json({ users: [] }),
    'GET /api/admin/download-approved-kits': json({ lastDownloadDate: NEVER_DOWNLOADED_SENTINEL }),
    'GET /api/admin/email-outbox': json({ data: [], pagination: { total: 0, page: 1, pageSize: 25, pageCount: 1 } }),
    'GET /api/admin/ambulance-feed/clients': json({ clients: [] }),
    'GET /api/admin/ambulance-feed/access-log': json({ data: [], pagination: { total: 0, page: 1, pageSize: 25, pageCount: 1 } }),
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  renderApp(<AdminPage user={anAdmin()} dialogs={kitDialogs} />);
  await user.click(screen.getByRole('tab', { name: 'Admin Tools' }));
  return { user, fetchMock };
}

describe('Admin Tools: download approved kits', () => {
  it("shows 'Never' for the 2000-01-01 sentinel and a UK date otherwise", async () => {
    expect(lastDownloadText(NEVER_DOWNLOADED_SENTINEL)).toBe('Never');
    expect(lastDownloadText('2000-01-01')).toBe('Never');
    expect(lastDownloadText(null)).toBe('Never');
    expect(lastDownloadText('2025-07-04T09:30:00.000Z')).toBe('04/07/2025 10:30');
    await openTools();
    expect(await screen.findByTestId('last-download')).toHaveTextContent('Last download: Never');
  });

  it('saves every file as a CSV and reports the counts', async () => {
    const answer: ApprovedKitsDownloadResponse = {
      files: [
        { filename: 'north_west-2025-01-01-to-2025-07-01.csv', content: 'Serial Number\r\nKIT-001\r\n' },
        { filename: 'london-2025-01-01-to-2025-07-01.csv', content: 'Serial Number\r\nKIT-009\r\n' },
      ],
      count: 2,
      message: 'ok',
    };
    const { user } = await openTools({ 'POST /api/admin/download-approved-kits': json(answer) });
    await user.click(await screen.findByRole('button', { name: 'Download New Approved Kits' }));
    expect(await screen.findByText('Download Complete')).toBeInTheDocument();
    expect(screen.getByText('Downloaded 2 files with 2 approved kits.')).toBeInTheDocument();
    expect(saved.map((f) => f.name)).toEqual(answer.files.map((f) => f.filename));
    expect(await saved[1].text).toBe('Serial Number\r\nKIT-009\r\n');
  });

  it("says 'No New Data' when nothing was approved since the last download", async () => {
    const { user } = await openTools({ 'POST /api/admin/download-approved-kits': json({ files: [], count: 0, message: NO_NEW_APPROVED_KITS }) });
    await user.click(await screen.findByRole('button', { name: 'Download New Approved Kits' }));
    expect(await screen.findByText('No New Data')).toBeInTheDocument();
    expect(screen.getByText(NO_NEW_APPROVED_KITS)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it("replaces 'Never' with the date of the download once one is recorded", async () => {
    let last = NEVER_DOWNLOADED_SENTINEL;
    const answer: ApprovedKitsDownloadResponse = {
      files: [{ filename: 'approved-kits-welsh-2000-01-01-to-2025-07-04.csv', content: 'Kit ID\r\nBCK-7\r\n' }],
      count: 1,
      message: '1 approved kits in 1 file',
    };
    const { user } = await openTools({
      'GET /api/admin/download-approved-kits': () => json({ lastDownloadDate: last }),
      'POST /api/admin/download-approved-kits': () => {
        last = '2025-07-04T09:30:00.000Z';
        return json(answer);
      },
    });
    expect(await screen.findByTestId('last-download')).toHaveTextContent('Last download: Never');
    await user.click(screen.getByRole('button', { name: 'Download New Approved Kits' }));
    expect(await screen.findByText('Download Complete')).toBeInTheDocument();
    expect(await screen.findByText('04/07/2025 10:30')).toBeInTheDocument();
  });

  it("says 'Download Failed' on an error", async () => {
    const { user } = await openTools({ 'POST /api/admin/download-approved-kits': () => new Response('', { status: 500 }) });
    await user.click(await screen.findByRole('button', { name: 'Download New Approved Kits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Download Failed');
  });
});

describe('Admin Tools: maintenance and reports', () => {
  it('runs the ambulance service update and reports the counts', async () => {
    const { user } = await openTools({ 'POST /api/admin/update-ambulance-services': json({ updatedCount: 4, totalKits: 10, message: 'ok' }) });
    await user.click(screen.getByRole('button', { name: 'Update Ambulance Services' }));
    expect(await screen.findByText('Updated 4 of 10 kits.')).toBeInTheDocument();
  });

  it("reports 'Address repair failed'", async () => {
    const { user } = await openTools({ 'POST /api/admin/fix-missing-addresses': () => new Response('', { status: 502 }) });
    await user.click(screen.getByRole('button', { name: 'Fix Missing Addresses' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Address repair failed');
  });

  it('bulk-updates the verification dates to the date the admin confirms', async () => {
    const { user, fetchMock } = await openTools({ 'POST /api/admin/bulk-update-verification-dates': json({ updatedCount: 12, message: 'ok' }) });
    await user.click(screen.getByRole('button', { name: 'Bulk Update Verification Dates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Update Verification Dates' });
    const input = within(dialog).getByLabelText('Next verification due');
    await user.clear(input);
    await user.type(input, '2027-05-31');
    await user.click(within(dialog).getByRole('button', { name: 'Update All Active Kits' }));
    expect(await screen.findByText('12 active kits are now due for verification on 31/05/2027.')).toBeInTheDocument();
    expect(await fetchMock.bodies('POST /api/admin/bulk-update-verification-dates')).toEqual([{ dueDate: '2027-05-31' }]);
  });

  it('lists long serial numbers and exports them as a dated CSV (shared toCsv rules)', async () => {
    const { user } = await openTools();
    await user.click(await screen.findByRole('button', { name: 'Long Serial Numbers Report (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Long Serial Numbers Report' });
    expect(within(dialog).getByText(longSerial)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));
    expect(saved[0].name).toMatch(/^long-serial-numbers-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, row] = (await saved[0].text).split('\r\n');
    expect(header).toBe('Current Serial Number,Length,Location,Address,City,Postcode,Custodian,Status,Type');
    expect(row).toBe(`${longSerial},29,Village Hall 2,2 High Street,Altrincham,WA14 1PF,Chris Custodian,Pending Approval,Unlocked Cabinet`);
  });

  it('shows system statistics from the loaded kits', async () => {
    await openTools();
    const stats = await screen.findByText('System Statistics');
    const card = stats.closest('.MuiCard-root') as HTMLElement;
    expect(within(card).getByText('Unassigned Kits').nextSibling).toHaveTextContent('1');
    expect(within(card).getByText('Pending Kits').nextSibling).toHaveTextContent('1');
  });
});

describe('Admin Tools: database backups', () => {
  it('links to the Database Backup Management page', async () => {
    await openTools();
    expect(await screen.findByRole('link', { name: 'Database Backups' })).toHaveAttribute('href', '/admin/backups');
  });
});
