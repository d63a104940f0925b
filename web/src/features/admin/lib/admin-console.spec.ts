import { toCsv, type AdminKit } from '@bleedkits/contracts';
import {
  DEFAULT_ADMIN_PAGE_SIZE,
  LONG_SERIAL_CSV_COLUMNS,
  VERIFICATION_DUE_CSV_COLUMNS,
  matchesUserSearch,
  pageOf,
  roleToggleConfirmation,
  sortKits,
  verificationDueReport,
} from './admin-console';

const kit = (over: Partial<AdminKit>): AdminKit => ({ id: 1, serialNumber: 'S-1', status: 'active', nextVerificationDue: null, ...over }) as AdminKit;

describe('admin console helpers', () => {
  it('pages rows, clamping the page and reporting the range', () => {
    const rows = Array.from({ length: 120 }, (_, i) => i + 1);
    expect(DEFAULT_ADMIN_PAGE_SIZE).toBe(50);
    expect(pageOf(rows, 1, 50)).toMatchObject({ page: 1, pageCount: 3, from: 1, to: 50, total: 120 });
    expect(pageOf(rows, 3, 50)).toMatchObject({ page: 3, from: 101, to: 120 });
    expect(pageOf(rows, 9, 50).page).toBe(3);
    expect(pageOf([], 1, 50)).toMatchObject({ page: 1, pageCount: 1, from: 0, to: 0 });
  });

  it('sorts naturally and stably in both directions', () => {
    const kits = [kit({ id: 1, serialNumber: 'K-10' }), kit({ id: 2, serialNumber: 'K-2' }), kit({ id: 3, serialNumber: 'k-2' })];
    expect(sortKits(kits, 'serialNumber', 'asc').map((k) => k.id)).toEqual([2, 3, 1]);
    expect(sortKits(kits, 'serialNumber', 'desc').map((k) => k.id)).toEqual([1, 2, 3]);
  });

  it('searches users by full name or e-mail, ignoring case', () => {
    const u = { first_name: 'Jo', last_name: 'Bloggs', email: 'jo@example.org' };
    expect(matchesUserSearch(u, 'JO BLO')).toBe(true);
    expect(matchesUserSearch(u, 'EXAMPLE.ORG')).toBe(true);
    expect(matchesUserSearch(u, 'smith')).toBe(false);
  });

  it('names the person and the direction in the role prompt', () => {
    expect(roleToggleConfirmation({ first_name: 'Jo', last_name: 'B', email: 'jo@x.org', role: 'user' })).toContain(
      'promote Jo B (jo@x.org) to admin',
    );
    expect(roleToggleConfirmation({ first_name: 'Jo', last_name: 'B', email: 'jo@x.org', role: 'admin' })).toContain(
      'demote Jo B (jo@x.org) to regular user',
    );
  });

  it('reports active kits due within 30 days, overdue or without a date, most overdue first', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    const rows = verificationDueReport(
      [
        kit({ id: 1, nextVerificationDue: '2025-06-20T00:00:00Z' }),
        kit({ id: 2, nextVerificationDue: '2025-05-22T00:00:00Z' }),
        kit({ id: 3, nextVerificationDue: '2025-09-01T00:00:00Z' }),
        kit({ id: 4, nextVerificationDue: null }),
        kit({ id: 5, nextVerificationDue: null, status: 'pending' }),
      ],
      now,
    );
    expect(rows.map((r) => [r.kit.id, r.state, r.daysOverdue])).toEqual([
      [2, 'Overdue', 10],
      [4, 'No Due Date', null],
      [1, 'Due Soon', 0],
    ]);
    expect(toCsv(rows.slice(0, 1), VERIFICATION_DUE_CSV_COLUMNS).split('\r\n')[0]).toBe(
      'Serial Number,Location,Address,City,Postcode,Custodian,Due Date,Days Overdue,Status',
    );
  });

  it('exports long serials with their length, neutralising formula-like cells', () => {
    const csv = toCsv(
      [kit({ serialNumber: '=HYPERLINK("x")-000000000000', locationName: 'Hall', locationType: 'building_247' })],
      LONG_SERIAL_CSV_COLUMNS,
    );
    const [header, row] = csv.split('\r\n');
    expect(header).toBe('Current Serial Number,Length,Location,Address,City,Postcode,Custodian,Status,Type');
    expect(row.startsWith(`"'=HYPERLINK(""x"")-000000000000",28,Hall`)).toBe(true);
    expect(row.endsWith('Active,Building 24/7')).toBe(true);
  });
});
