import type { StatisticsResponse } from '@bleedkits/contracts';

/** The access type the statistics page counts as round-the-clock. */
export const ACCESS_247 = '24/7 Access';

/** A whole-number percentage; 0 when there is nothing to divide by. */
export function percentOf(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

export type StatisticsSummary = { totalActiveKits: number; verifiedPercent: number; access247: number; ambulanceRegions: number };

/** The four headline cards of /statistics. */
export function summariseStatistics(s: StatisticsResponse): StatisticsSummary {
  return {
    totalActiveKits: s.totalActiveKits,
    verifiedPercent: percentOf(s.verification.manuallyVerified, s.verification.total),
    access247: s.byAccessType.find((a) => a.type === ACCESS_247)?.count ?? 0,
    ambulanceRegions: s.byAmbulanceService.filter((a) => a.count > 0 && a.service !== 'unknown').length,
  };
}
