import { aKit, daysFromNow } from '@/test/a-kit';
import {
  DEFAULT_FILTERS,
  dashboardStatusLabel,
  filterKits,
  isNoKitsError,
  type KitFilters,
  pageText,
  paginate,
  parseVerifyLink,
  showingText,
  sortKits,
  tileCounts,
  TYPE_FILTER_OPTIONS,
  verificationFilterFromLink,
} from './kit-list';

const f = (overrides: Partial<KitFilters>): KitFilters => ({ ...DEFAULT_FILTERS, ...overrides });
const ids = (kits: { id: number }[]) => kits.map((k) => k.id);

describe('dashboard kit list rules', () => {
  const kits = [
    aKit({ id: 1, serialNumber: 'ALPHA-1', locationName: 'Village Hall', city: 'Leeds', postcode: 'LS1 1AA', status: 'active' }),
    aKit({
      id: 2,
      serialNumber: 'BRAVO-2',
      locationName: 'Cricket Club',
      city: 'York',
      postcode: 'YO1 7HH',
      status: 'pending',
      locationType: 'locked_cabinet',
    }),
    aKit({
      id: 3,
      serialNumber: 'CHARLIE-3',
      locationName: 'Anchor Pub',
      addressLine1: '9 Quay Side',
      city: 'Hull',
      postcode: 'HU1 1AA',
      status: 'rejected',
      what3words: 'filled.count.soap',
    }),
    aKit({ id: 4, serialNumber: 'DELTA-4', locationName: 'Bus Depot', city: 'Bradford', postcode: 'BD1 1AA', expiryDate: daysFromNow(-3) }),
    aKit({ id: 5, serialNumber: 'ECHO-5', locationName: 'Zoo Gate', city: 'Leeds', postcode: 'LS2 2BB', expiryDate: daysFromNow(20) }),
    aKit({
      id: 6,
      serialNumber: 'FOXTROT-6',
      locationName: 'Market',
      city: 'Wakefield',
      postcode: 'WF1 1AA',
      expiryDate: daysFromNow(120),
      locationType: 'building_247',
    }),
  ];

  it('searches serial number, location name, address line 1, city, postcode and what3words, ignoring case', () => {
    expect(ids(filterKits(kits, f({ search: 'bravo' })))).toEqual([2]);
    expect(ids(filterKits(kits, f({ search: 'cricket' })))).toEqual([2]);
    expect(ids(filterKits(kits, f({ search: 'quay' })))).toEqual([3]);
    expect(ids(filterKits(kits, f({ search: 'leeds' })))).toEqual([1, 5]);
    expect(ids(filterKits(kits, f({ search: 'ls2' })))).toEqual([5]);
    expect(ids(filterKits(kits, f({ search: 'count.soap' })))).toEqual([3]);
    expect(ids(filterKits(kits, f({ search: '   ' })))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(filterKits(kits, f({ search: 'jo@example.org' }))).toEqual([]);
  });

  it('filters by status, location type and expiry bucket', () => {
    expect(ids(filterKits(kits, f({ status: 'pending' })))).toEqual([2]);
    expect(ids(filterKits(kits, f({ status: 'rejected' })))).toEqual([3]);
    expect(ids(filterKits(kits, f({ locationType: 'locked_cabinet' })))).toEqual([2]);
    expect(ids(filterKits(kits, f({ locationType: 'building_247' })))).toEqual([6]);
    expect(ids(filterKits(kits, f({ expiry: 'expired' })))).toEqual([4]);
    expect(ids(filterKits(kits, f({ expiry: 'expiring_soon' })))).toEqual([5]);
    expect(ids(filterKits(kits, f({ expiry: 'expiring_6months' })))).toEqual([6]);
    expect(ids(filterKits(kits, f({ expiry: 'valid' })))).toEqual([1, 2, 3]);
    expect(ids(filterKits(kits, f({ status: 'active', search: 'leeds', expiry: 'valid' })))).toEqual([1]);
  });

  it('offers every stored location type in the type filter', () => {
    expect(TYPE_FILTER_OPTIONS.map((o) => o.value)).toEqual([
      'all',
      'unlocked_cabinet',
      'locked_cabinet',
      'building_limited',
      'building_247',
      'vehicle',
      'other',
      'legacy_unknown',
    ]);
  });

  it('sorts by text fields and dates in either direction, keeping the server order for none', () => {
    expect(ids(sortKits(kits, 'none', 'desc'))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(sortKits(kits, 'locationName', 'asc'))).toEqual([3, 4, 2, 6, 1, 5]);
    expect(ids(sortKits(kits, 'locationName', 'desc'))).toEqual([5, 1, 6, 2, 4, 3]);
    expect(ids(sortKits(kits, 'expiryDate', 'asc')).slice(0, 3)).toEqual([4, 5, 6]);
    expect(ids(sortKits(kits, 'city', 'asc'))).toEqual([4, 3, 1, 5, 6, 2]);
    expect(ids(sortKits(kits, 'postcode', 'desc'))).toEqual([2, 6, 5, 1, 3, 4]);
    const dated = [
      aKit({ id: 1, createdAt: '2025-03-01T00:00:00Z' }),
      aKit({ id: 2, createdAt: '2024-01-01T00:00:00Z' }),
      aKit({ id: 3, createdAt: '2025-01-01T00:00:00Z' }),
    ];
    expect(ids(sortKits(dated, 'createdAt', 'asc'))).toEqual([2, 3, 1]);
    expect(ids(sortKits(dated, 'createdAt', 'desc'))).toEqual([1, 3, 2]);
    expect(ids(sortKits(kits, 'serialNumber', 'desc'))).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('puts kits without the sorted value last', () => {
    const mixed = [aKit({ id: 1, what3words: null }), aKit({ id: 2, city: '' }), aKit({ id: 3, city: 'Bath' })];
    expect(ids(sortKits(mixed, 'city', 'asc'))).toEqual([3, 1, 2]);
    expect(ids(sortKits(mixed, 'city', 'desc'))).toEqual([1, 3, 2]);
  });

  it('pages the list and words the range and page', () => {
    const thirty = Array.from({ length: 30 }, (_, i) => i + 1);
    const first = paginate(thirty, 1, 25);
    expect(first.items).toHaveLength(25);
    expect(showingText(first)).toBe('Showing 1-25 of 30 kits');
    expect(pageText(first)).toBe('Page 1 of 2');
    const second = paginate(thirty, 2, 25);
    expect(second.items).toEqual([26, 27, 28, 29, 30]);
    expect(showingText(second)).toBe('Showing 26-30 of 30 kits');
    expect(pageText(second)).toBe('Page 2 of 2');
    expect(pageText(paginate(thirty, 9, 10))).toBe('Page 3 of 3');
    const none = paginate([], 1, 25);
    expect(showingText(none)).toBe('Showing 0-0 of 0 kits');
    expect(pageText(none)).toBe('Page 1 of 1');
  });

  it('labels a kit: pending and rejected first, then expired, expiring within 3 months, else active', () => {
    expect(dashboardStatusLabel(aKit({ status: 'pending', expiryDate: daysFromNow(-5) }))).toBe('Pending Approval');
    expect(dashboardStatusLabel(aKit({ status: 'rejected' }))).toBe('Rejected');
    expect(dashboardStatusLabel(aKit({ expiryDate: daysFromNow(-1) }))).toBe('Expired');
    expect(dashboardStatusLabel(aKit({ expiryDate: daysFromNow(80) }))).toBe('Expiring Soon');
    expect(dashboardStatusLabel(aKit({ expiryDate: daysFromNow(100) }))).toBe('Active');
  });

  it('counts the tiles: active by status, expiring soon within 3 months, expired', () => {
    expect(tileCounts(kits)).toEqual({ active: 4, expiringSoon: 1, expired: 1, verificationDue: 0 });
  });

  it('filters and counts verification by the rules of contracts (active kits only)', () => {
    const due = (days: number) => daysFromNow(days).slice(0, 10);
    const list = [
      aKit({ id: 1, status: 'active', nextVerificationDue: due(-2) }),
      aKit({ id: 2, status: 'active', nextVerificationDue: due(10) }),
      aKit({ id: 3, status: 'active', nextVerificationDue: due(60) }),
      aKit({ id: 4, status: 'pending', nextVerificationDue: due(-2) }),
    ];
    const byFilter = (verification: KitFilters['verification']) => ids(filterKits(list, f({ verification })));
    expect(byFilter('overdue')).toEqual([1]);
    expect(byFilter('due_30')).toEqual([2]);
    expect(byFilter('due_soon')).toEqual([2, 3]);
    expect(byFilter('all')).toEqual([1, 2, 3, 4]);
    expect(tileCounts(list).verificationDue).toBe(2);
  });

  it('treats 404, not found and no kits load failures as an empty list', () => {
    expect(isNoKitsError({ status: 404, message: '404: Not Found' })).toBe(true);
    expect(isNoKitsError({ status: 400, message: '400: No kits for this user' })).toBe(true);
    expect(isNoKitsError({ status: 500, message: '500: Kit not found in cache' })).toBe(true);
    expect(isNoKitsError({ status: 500, message: '500: Internal Server Error' })).toBe(false);
    expect(isNoKitsError(undefined)).toBe(false);
  });
});

describe('the reminder e-mails’ links', () => {
  it.each([
    [null, { kind: 'none' }],
    ['42', { kind: 'kit', kitId: 42 }],
    [' 42 ', { kind: 'kit', kitId: 42 }],
    ['BCK-42', { kind: 'kit', kitId: 42 }],
    ['bck-42', { kind: 'kit', kitId: 42 }],
    ['', { kind: 'invalid' }],
    ['0', { kind: 'invalid' }],
    ['-1', { kind: 'invalid' }],
    ['4.2', { kind: 'invalid' }],
    ['42abc', { kind: 'invalid' }],
    ['1e3', { kind: 'invalid' }],
    ['9999999999999999', { kind: 'invalid' }],
  ])('reads ?verify=%p as %p', (value, expected) => {
    expect(parseVerifyLink(value)).toEqual(expected);
  });

  it('reads ?verification= as one of the contracts’ buckets, never "all" or anything else', () => {
    expect(verificationFilterFromLink('overdue')).toBe('overdue');
    expect(verificationFilterFromLink('due_30')).toBe('due_30');
    expect(verificationFilterFromLink('due')).toBe('due');
    expect(verificationFilterFromLink('due_soon')).toBe('due_soon');
    expect(verificationFilterFromLink('all')).toBeNull();
    expect(verificationFilterFromLink('OVERDUE')).toBeNull();
    expect(verificationFilterFromLink(null)).toBeNull();
  });
});
