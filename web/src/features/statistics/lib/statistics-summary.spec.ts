import { percentOf, summariseStatistics } from './statistics-summary';

describe(summariseStatistics.name, () => {
  it('summarises statistics, 0% when there is nothing to divide by', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 0)).toBe(0);
    expect(
      summariseStatistics({
        totalActiveKits: 8,
        verification: { manuallyVerified: 6, total: 8 },
        byAccessType: [
          { type: '24/7 Access', count: 5 },
          { type: 'Limited Hours', count: 3 },
        ],
        byAmbulanceService: [
          { service: 'london', count: 4 },
          { service: 'unknown', count: 2 },
          { service: 'welsh', count: 0 },
          { service: 'north_west', count: 2 },
        ],
        byMake: [],
        byStatus: [],
      }),
    ).toEqual({ totalActiveKits: 8, verifiedPercent: 75, access247: 5, ambulanceRegions: 2 });
  });
});
