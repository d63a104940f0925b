import { ErrorCode, ImportMessages, KitMessages, type RegisterBatchRequest, type RegisterBatchResponse } from '@bleedkits/contracts';
import { RemoteCallError } from '@bleedkits/platform';
import type { KitsClient } from './kits.client';
import { type Located, PostcodeGeocoder } from '../providers/geocoding/postcode-geocoder.port';
import { FallbackPostcodeGeocoder } from '../providers/geocoding/fallback-postcode-geocoder';
import { RegistrationRows } from './registration-rows';

class MapGeocoder extends PostcodeGeocoder {
  readonly asked: string[][] = [];
  constructor(
    readonly name: string,
    private readonly known: Record<string, Located>,
    private readonly fails = false,
  ) {
    super();
  }
  async locate(postcodes: readonly string[]): Promise<Map<string, Located>> {
    this.asked.push([...postcodes]);
    if (this.fails) throw new Error('down');
    return new Map(postcodes.filter((p) => this.known[p]).map((p) => [p, this.known[p]]));
  }
}

/** The kits context replaced: it registers every entry it is sent (as kit 100 + n). */
function fakeKits() {
  const sent: RegisterBatchRequest[] = [];
  const client = {
    async registerBatch(req: RegisterBatchRequest): Promise<RegisterBatchResponse> {
      sent.push(req);
      return { outcomes: req.entries.map((e, i) => ({ idempotencyKey: e.idempotencyKey, kitId: 100 + i, replayed: false })) };
    },
  } as unknown as KitsClient;
  return { client, sent };
}

const valid = {
  serialNumber: 'A-1',
  make: 'mere',
  locationType: 'unlocked_cabinet',
  locationName: 'Hall',
  addressLine1: '1 Road',
  city: 'Sale',
  postcode: 'M33 6GD',
  purchaseDate: '2025-01-01',
  expiryDate: '2028-01-01',
  custodianName: 'Jo',
  custodianPhone: '01610000000',
  custodianEmail: 'jo@example.org',
};
const actor = { id: 'u-1', role: 'user' as const, email: '' };

describe(RegistrationRows.name, () => {
  it('locates rows without coordinates (gazetteer, then the next provider), checks them as the form does, registers the rest under (job, row) keys', async () => {
    const gazetteer = new MapGeocoder('gazetteer', { 'M33 6GD': { latitude: 53.42, longitude: -2.33 } });
    const broken = new MapGeocoder('broken', {}, true);
    const remote = new MapGeocoder('postcodes.io', { 'SK9 1AA': { latitude: 53.33, longitude: -2.23 } });
    const kits = fakeKits();
    const rows = new RegistrationRows(new FallbackPostcodeGeocoder([gazetteer, broken, remote]), kits.client);
    const outcomes = await rows.register('import:j1:', actor, null, [
      { row: 2, kit: { ...valid }, errors: [] },
      { row: 3, kit: { ...valid, postcode: 'sk9 1aa' }, errors: [] },
      { row: 4, kit: { ...valid, postcode: 'ZZ9 9ZZ' }, errors: [] },
      { row: 5, kit: { ...valid, serialNumber: 'x', latitude: '53', longitude: '-2' }, errors: [] },
      { row: 6, kit: { ...valid, latitude: '53' }, errors: [] },
      { row: 7, kit: { ...valid, latitude: '53', longitude: '-2' }, errors: [ImportMessages.cellTooLong('detailedLocation')] },
    ]);
    expect(outcomes).toEqual([
      { row: 2, kitId: 100 },
      { row: 3, kitId: 101 },
      { row: 4, errors: [ImportMessages.postcodeNotLocated('ZZ9 9ZZ')] },
      { row: 5, errors: [KitMessages.serialNumber] },
      { row: 6, errors: [ImportMessages.halfLocation] },
      { row: 7, errors: [ImportMessages.cellTooLong('detailedLocation')] },
    ]);
    expect(gazetteer.asked).toEqual([['M33 6GD', 'SK9 1AA', 'ZZ9 9ZZ']]);
    expect(remote.asked).toEqual([['SK9 1AA', 'ZZ9 9ZZ']]);
    expect(kits.sent).toHaveLength(1);
    expect(kits.sent[0].entries.map((e) => [e.idempotencyKey, e.kit.latitude, e.kit.longitude])).toEqual([
      ['import:j1:2', 53.42, -2.33],
      ['import:j1:3', 53.33, -2.23],
    ]);
  });

  it('splits a batch into kits requests that stay far below 1 MB', async () => {
    const kits = fakeKits();
    const rows = new RegistrationRows(new FallbackPostcodeGeocoder([]), kits.client);
    const long = 'd'.repeat(900);
    const batch = Array.from({ length: 600 }, (_, i) => ({
      row: i + 2,
      kit: { ...valid, latitude: '53', longitude: '-2', detailedLocation: long },
      errors: [],
    }));
    const outcomes = await rows.register('import:j2:', actor, null, batch);
    expect(outcomes.every((o) => 'kitId' in o)).toBe(true);
    expect(kits.sent.length).toBeGreaterThan(1);
    for (const req of kits.sent) expect(JSON.stringify(req).length).toBeLessThan(500_000);
  });

  it('fails only the rows at fault when the kits context refuses a whole part, and retries the job when no row registers', async () => {
    const sent: string[][] = [];
    /** Refuses any request holding serial 'BAD' (validation) or 'BOOM' (an internal error); 'DOWN' fails every request. */
    const client = {
      async registerBatch(req: RegisterBatchRequest): Promise<RegisterBatchResponse> {
        const serials = req.entries.map((e) => String(e.kit.serialNumber));
        sent.push(serials);
        if (serials.includes('DOWN')) throw new RemoteCallError({ code: ErrorCode.Internal, message: 'Internal error', errorId: 'e-down' }, 'kits');
        if (serials.includes('BAD')) throw new RemoteCallError({ code: ErrorCode.ValidationFailed, message: 'Bad row', errors: ['Bad row'] }, 'kits');
        if (serials.includes('BOOM')) throw new RemoteCallError({ code: ErrorCode.Internal, message: 'Internal error', errorId: 'e-1' }, 'kits');
        return { outcomes: req.entries.map((e, i) => ({ idempotencyKey: e.idempotencyKey, kitId: 200 + i, replayed: false })) };
      },
    } as unknown as KitsClient;
    const rows = new RegistrationRows(new FallbackPostcodeGeocoder([]), client);
    const at = (row: number, serialNumber: string) => ({ row, kit: { ...valid, serialNumber, latitude: '53', longitude: '-2' }, errors: [] });
    expect(await rows.register('import:j3:', actor, null, [at(2, 'GOOD-1'), at(3, 'BAD'), at(4, 'BOOM'), at(5, 'GOOD-2')])).toEqual([
      { row: 2, kitId: 200 },
      { row: 3, errors: ['Bad row'] },
      { row: 4, errors: [ImportMessages.rowNotRegistered('e-1')] },
      { row: 5, kitId: 200 },
    ]);
    expect(sent).toEqual([['GOOD-1', 'BAD', 'BOOM', 'GOOD-2'], ['GOOD-1'], ['BAD'], ['BOOM'], ['GOOD-2']]);
    await expect(rows.register('import:j4:', actor, null, [at(2, 'DOWN'), at(3, 'DOWN')])).rejects.toBeInstanceOf(RemoteCallError);
  });
});
