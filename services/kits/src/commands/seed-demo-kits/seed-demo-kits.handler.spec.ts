import { Logger } from '@nestjs/common';
import type { KitsEnv } from '../../config/env';
import { storedKit, writableKitPorts } from '../../../test/command-doubles';
import { SeedDemoKitsHandler } from './seed-demo-kits.handler';

describe(SeedDemoKitsHandler.name, () => {
  const env = (n: number) => ({ SEED_DEMO_KITS: n }) as KitsEnv;
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it('seeds an empty register with approved, ownerless demo kits, a revision each and one hint for the last', async () => {
    const p = writableKitPorts();
    await new SeedDemoKitsHandler(p.repository, p.publisher, env(20)).onApplicationBootstrap();
    expect(p.inserted).toHaveLength(20);
    expect(p.inserted.map((k) => k.serialNumber).slice(0, 2)).toEqual(['DEMO-00001', 'DEMO-00002']);
    expect(p.inserted.at(-1)!.serialNumber).toBe('DEMO-00020');
    for (const k of p.inserted) {
      expect(k).toMatchObject({
        status: 'active',
        manuallyChecked: true,
        ownerId: null,
        publicDisplay: true,
        detailedLocation: 'Demo data: not a real kit',
      });
    }
    const revisions = p.inserted.map((k) => k.revision);
    expect(new Set(revisions).size).toBe(20);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(p.hints).toEqual([revisions.at(-1)]);
    expect(logged).toHaveBeenCalledWith({ msg: 'seeded demo kits', count: 20 });
  });

  it('places kits near real town centres, detects their service, and gives only locked cabinets a code', async () => {
    const p = writableKitPorts();
    await new SeedDemoKitsHandler(p.repository, p.publisher, env(16)).onApplicationBootstrap();
    const [london, manchester] = p.inserted;
    expect(london).toMatchObject({ city: 'London', postcode: 'SW1A 1AA', ambulanceService: 'london', locationName: 'London demo kit 1' });
    expect(manchester).toMatchObject({ city: 'Manchester', ambulanceService: 'north_west' });
    expect(Math.abs(london.latitude - 51.5014)).toBeLessThan(0.05);
    expect(Math.abs(london.longitude - -0.1419)).toBeLessThan(0.08);
    expect(p.inserted[15]).toMatchObject({ city: 'London', locationName: 'London demo kit 2' });
    for (const k of p.inserted) {
      if (k.locationType === 'locked_cabinet') expect(k.cabinetCode).toMatch(/^\d{4}$/);
      else expect(k.cabinetCode).toBeNull();
      expect(k.openingHours).toBeTruthy();
      expect(JSON.parse(k.availability!)).toEqual(expect.any(Object));
    }
    expect(new Set(p.inserted.map((k) => k.locationType)).size).toBeGreaterThan(1);
  });

  it('seeds only an empty register, so a restart or a second replica adds nothing', async () => {
    const p = writableKitPorts([storedKit(1)]);
    await new SeedDemoKitsHandler(p.repository, p.publisher, env(5)).onApplicationBootstrap();
    expect(p.inserted).toEqual([]);
    expect(p.hints).toEqual([]);

    const fresh = writableKitPorts();
    const handler = new SeedDemoKitsHandler(fresh.repository, fresh.publisher, env(3));
    await handler.onApplicationBootstrap();
    await handler.onApplicationBootstrap();
    expect(fresh.store.size).toBe(3);
    expect(fresh.hints).toHaveLength(1);
  });

  it('does not open a write when seeding is off', async () => {
    const p = writableKitPorts();
    const write = jest.spyOn(p.repository, 'write');
    await new SeedDemoKitsHandler(p.repository, p.publisher, env(0)).onApplicationBootstrap();
    expect(write).not.toHaveBeenCalled();
    expect(p.store.size).toBe(0);
  });
});
