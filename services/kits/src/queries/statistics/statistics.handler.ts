import { Injectable } from '@nestjs/common';
import type { StatisticsResponse, StatsResponse } from '@bleedkits/contracts';
import { KitStatisticsRepository } from '../../database/kit-statistics.repository';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

/** How long the count of active kits is reused: GET /api/stats is polled by every open page. */
export const STATS_CACHE_MS = 5000;

/** The register's figures: the headline count (briefly cached) and the statistics page's breakdown. */
@Injectable()
export class StatisticsHandler {
  private statsCache: { at: number; value: StatsResponse } | null = null;

  constructor(private readonly statistics: KitStatisticsRepository) {}

  @Handles(KitsSubjects.stats)
  async stats(): Promise<StatsResponse> {
    if (this.statsCache && Date.now() - this.statsCache.at < STATS_CACHE_MS) return this.statsCache.value;
    const value = { totalKits: await this.statistics.activeKits() };
    this.statsCache = { at: Date.now(), value };
    return value;
  }

  @Handles(KitsSubjects.statistics)
  composition(): Promise<StatisticsResponse> {
    return this.statistics.composition();
  }
}
