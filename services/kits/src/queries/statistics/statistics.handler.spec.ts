import type { StatisticsResponse } from '@bleedkits/contracts';
import type { KitStatisticsRepository } from '../../database/kit-statistics.repository';
import { STATS_CACHE_MS, StatisticsHandler } from './statistics.handler';

describe(StatisticsHandler.name, () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  function setup() {
    let active = 7;
    let counted = 0;
    const composition: StatisticsResponse = {
      totalActiveKits: 7,
      verification: { manuallyVerified: 3, total: 7 },
      byAccessType: [],
      byAmbulanceService: [],
      byMake: [],
      byStatus: [],
    };
    const repository = {
      activeKits: async () => (counted++, active),
      composition: async () => composition,
    } as unknown as KitStatisticsRepository;
    const handler = new StatisticsHandler(repository);
    return {
      handler,
      composition,
      counted: () => counted,
      setActive: (n: number) => void (active = n),
      advance: (ms: number) => void jest.setSystemTime(Date.now() + ms),
    };
  }

  it('answers the count of active kits, reusing it for five seconds, then counting again', async () => {
    const t = setup();
    expect(await t.handler.stats()).toEqual({ totalKits: 7 });
    t.setActive(8);
    t.advance(STATS_CACHE_MS - 1);
    expect(await t.handler.stats()).toEqual({ totalKits: 7 });
    expect(t.counted()).toBe(1);
    t.advance(1);
    expect(await t.handler.stats()).toEqual({ totalKits: 8 });
    expect(t.counted()).toBe(2);
  });

  it('answers the breakdown as counted, never cached', async () => {
    const t = setup();
    expect(await t.handler.composition()).toBe(t.composition);
  });
});
