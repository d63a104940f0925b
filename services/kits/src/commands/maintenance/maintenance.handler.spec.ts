import { ErrorCode } from '@bleedkits/contracts';
import type { ReverseGeocoder } from '../../geocoding/reverse-geocoder';
import { kitPorts, refusal, someone } from '../../../test/handler-doubles';
import { MaintenanceHandler } from './maintenance.handler';

describe(MaintenanceHandler.name, () => {
  const admin = someone('admin');
  const kit = (id: number, over: Record<string, unknown>) => ({
    id,
    serialNumber: `S-${id}`,
    postcode: 'M1 1AE',
    city: 'Manchester',
    addressLine1: '1 A St',
    ambulanceService: 'north_west' as const,
    latitude: 53.48,
    longitude: -2.24,
    ...over,
  });
  const geocoder = (place: { postcode?: string; city?: string } | null): ReverseGeocoder =>
    ({ lookup: async () => place }) as unknown as ReverseGeocoder;

  it('is for admins only', async () => {
    const p = kitPorts();
    const h = new MaintenanceHandler(p.repository, p.publisher, geocoder(null));
    for (const call of [
      () => h.cleanSerialNumbers({ actor: someone() }),
      () => h.updateAmbulanceServices({ actor: undefined as never }),
      () => h.fixMissingAddresses({ actor: someone() }),
    ]) {
      expect((await refusal(call())).code).toBe(ErrorCode.Forbidden);
    }
  });

  it("strips the 'IMPORT-' prefix, one revision per kit and one hint for the last", async () => {
    const p = kitPorts([kit(1, { serialNumber: 'IMPORT-A1' }), kit(2, { serialNumber: 'B2' }), kit(3, { serialNumber: 'IMPORT-C3' })]);
    const result = await new MaintenanceHandler(p.repository, p.publisher, geocoder(null)).cleanSerialNumbers({ actor: admin });
    expect(result).toEqual({ updatedCount: 2, message: '2 serial numbers cleaned' });
    expect(p.store.get(1)!.serialNumber).toBe('A1');
    expect(p.store.get(3)!.serialNumber).toBe('C3');
    expect(new Set(p.updates.map((u) => u.revision)).size).toBe(2);
    expect(p.hints).toEqual([Math.max(...p.updates.map((u) => u.revision))]);
  });

  it('detects the service of kits whose service is unknown, and leaves the undetectable', async () => {
    const p = kitPorts([
      kit(1, { ambulanceService: 'unknown', postcode: 'LS1 4AP' }),
      kit(2, { ambulanceService: 'unknown', postcode: 'QQ', city: 'Nowhere', addressLine1: 'Unit 4' }),
      kit(3, {}),
    ]);
    const result = await new MaintenanceHandler(p.repository, p.publisher, geocoder(null)).updateAmbulanceServices({ actor: admin });
    expect(result).toEqual({ updatedCount: 1, totalKits: 3, message: '1 of 3 kits updated' });
    expect(p.store.get(1)!.ambulanceService).toBe('yorkshire');
    expect(p.store.get(2)!.ambulanceService).toBe('unknown');
  });

  it('fills a missing postcode and town from the coordinates, counts what it could not repair, and sends no hint for nothing', async () => {
    const p = kitPorts([kit(1, { postcode: ' ', ambulanceService: 'unknown' }), kit(2, { city: '' })]);
    const h = new MaintenanceHandler(p.repository, p.publisher, geocoder({ postcode: 'M1 1AE' }));
    expect(await h.fixMissingAddresses({ actor: admin })).toEqual({
      summary: { checked: 2, fixed: 1, failed: 1 },
      message: '1 of 2 addresses repaired',
    });
    expect(p.store.get(1)).toMatchObject({ postcode: 'M1 1AE', ambulanceService: 'north_west' });
    const none = kitPorts([kit(1, {})]);
    expect((await new MaintenanceHandler(none.repository, none.publisher, geocoder(null)).fixMissingAddresses({ actor: admin })).summary).toEqual({
      checked: 0,
      fixed: 0,
      failed: 0,
    });
    expect(none.hints).toEqual([]);
  });
});
