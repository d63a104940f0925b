import { type ControlRoomSource, feedWithdrawal, toControlRoomKit } from './control-room-kit';
import { FEED_CSV_COLUMNS, feedCsv, feedGeoJson, parseFeedCursor, parseFeedLimit } from './feed-wire';
import { approvedDownloadMessage, approvedKitsCsv, approvedKitsCsvRows, APPROVED_KITS_CSV_HEADER } from './approved-download';

const source = (overrides: Partial<ControlRoomSource> = {}): ControlRoomSource => ({
  id: 42,
  revision: 900,
  locationName: '=HYPERLINK("http://evil.example")',
  addressLine1: '1 Church Lane',
  addressLine2: null,
  city: 'Altrincham',
  postcode: 'WA15 8FH',
  latitude: 53.384092,
  longitude: -2.337856,
  what3words: 'index.home.raft',
  detailedLocation: '@SUM(1+1)',
  locationType: 'locked_cabinet',
  openingHours: '24/7',
  availability: JSON.stringify({ is24x7: true, isTermTimeOnly: false }),
  cabinetCode: 'C1234',
  ambulanceService: 'north_west',
  publicDisplay: false,
  deploymentStatus: 'available',
  lastVerifiedAt: '2026-05-01T10:00:00.000Z',
  expiryDate: '2028-01-10',
  updatedAt: '2026-11-20T10:15:00.000Z',
  ...overrides,
});

describe('control-room records', () => {
  it('carries the cabinet code only when asked, and never custodian details', () => {
    const withCode = toControlRoomKit(source(), true);
    expect(withCode).toMatchObject({
      reference: 'BCK-42',
      cabinetCode: 'C1234',
      shownOnPublicMap: false,
      lastVerifiedDate: '2026-05-01',
      locationTypeLabel: 'Locked Cabinet',
    });
    expect(withCode.schedule?.is24x7).toBe(true);
    expect('cabinetCode' in toControlRoomKit(source(), false)).toBe(false);
    expect(toControlRoomKit(source({ availability: 'Ask at reception' }), true).schedule).toBeNull();
  });

  it('writes CSV with the same columns as the record, formulas neutralised, coordinates numeric, withdrawals as rows', () => {
    const csv = feedCsv([toControlRoomKit(source(), true), feedWithdrawal(7, 901, 'rejected')], true);
    const [header, kit, gone] = csv.trim().split('\r\n');
    expect(header.split(',')).toEqual(FEED_CSV_COLUMNS.map((c) => c.header));
    expect(kit).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(kit).toContain(",'@SUM(1+1),");
    expect(kit).toContain(',53.384092,-2.337856,');
    expect(gone.startsWith('7,BCK-7,901,yes,rejected,')).toBe(true);
    expect(feedCsv([], false).trim().split(',')).not.toContain('cabinetCode');
  });

  it('writes GeoJSON points longitude first, a withdrawal without geometry', () => {
    const fc = feedGeoJson({ records: [toControlRoomKit(source(), true), feedWithdrawal(7, 901, 'deleted')], nextCursor: '901', hasMore: false });
    expect(fc.features[0].geometry).toEqual({ type: 'Point', coordinates: [-2.337856, 53.384092] });
    expect(fc.features[0].properties).not.toHaveProperty('latitude');
    expect(fc.features[1]).toMatchObject({
      id: 7,
      geometry: null,
      properties: { withdrawn: true, reason: 'deleted', reasonLabel: 'Deleted from the register' },
    });
    expect(fc).toMatchObject({ type: 'FeatureCollection', nextCursor: '901', hasMore: false });
  });

  it('reads cursors and limits strictly', () => {
    expect([parseFeedCursor(undefined), parseFeedCursor(''), parseFeedCursor('123')]).toEqual([0, 0, 123]);
    expect([parseFeedCursor('-1'), parseFeedCursor('1e3'), parseFeedCursor('9'.repeat(19))]).toEqual([null, null, null]);
    expect([parseFeedLimit(undefined), parseFeedLimit('5000'), parseFeedLimit('0'), parseFeedLimit('5001'), parseFeedLimit('12.5')]).toEqual([
      500,
      5000,
      null,
      null,
      null,
    ]);
  });
});

describe('approved-kits files', () => {
  const kit = {
    id: 1,
    serialNumber: 'S',
    locationName: 'Hall',
    locationType: 'locked_cabinet' as const,
    addressLine1: 'A',
    addressLine2: null,
    city: 'C',
    postcode: 'P',
    what3words: null,
    latitude: 1,
    longitude: -2,
    detailedLocation: null,
    openingHours: '24/7',
    deploymentStatus: 'available',
    lastVerifiedAt: null,
    cabinetCode: 'X',
    ambulanceService: 'welsh' as const,
    publicDisplay: true,
    approvedAt: null,
  };
  it('appends rows part by part exactly as one file would be written', () => {
    const lines = [
      { service: 'welsh' as const, kit },
      { service: 'welsh' as const, withdrawal: { id: 2, reason: 'moved_to_another_service' as const } },
    ];
    expect(APPROVED_KITS_CSV_HEADER + approvedKitsCsvRows(lines.slice(0, 1)) + approvedKitsCsvRows(lines.slice(1))).toBe(approvedKitsCsv(lines));
    expect(approvedKitsCsv(lines).trim().split('\r\n')[2]).toMatch(/^BCK-2,(,)+Welsh,,,yes,Moved to another ambulance service$/);
    expect(approvedDownloadMessage(5000, 0, 7)).toBe('5000 approved kits in 7 files');
    expect(approvedDownloadMessage(1, 1, 1)).toBe('1 approved kits and 1 withdrawal in 1 file');
  });
});
