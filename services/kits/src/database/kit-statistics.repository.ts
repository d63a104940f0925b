import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { StatisticsResponse } from '@bleedkits/contracts';

/** Access types as the statistics page groups them; 24/7 covers cabinets (always open) and 24/7 buildings. */
const ACCESS_TYPE_SQL = `CASE
  WHEN location_type IN ('unlocked_cabinet', 'locked_cabinet', 'building_247') THEN '24/7 Access'
  WHEN location_type = 'building_limited' THEN 'Limited Hours'
  ELSE 'Other / Unknown' END`;

/** The register's figures, counted in the kits table. */
@Injectable()
export class KitStatisticsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async activeKits(): Promise<number> {
    const [{ n }]: { n: number }[] = await this.dataSource.query(`SELECT count(*)::int AS n FROM kits.kits WHERE status = 'active'`);
    return n;
  }

  async composition(): Promise<StatisticsResponse> {
    const q = (sql: string) => this.dataSource.query(sql);
    const [[totals], byAccessType, byAmbulanceService, byMake, byStatus] = await Promise.all([
      q(`SELECT count(*)::int AS total, count(*) FILTER (WHERE manually_checked)::int AS checked FROM kits.kits WHERE status = 'active'`),
      q(`SELECT ${ACCESS_TYPE_SQL} AS type, count(*)::int AS count FROM kits.kits WHERE status = 'active' GROUP BY 1 ORDER BY 2 DESC, 1`),
      q(`SELECT ambulance_service AS service, count(*)::int AS count FROM kits.kits WHERE status = 'active' GROUP BY 1 ORDER BY 2 DESC, 1`),
      q(`SELECT make, count(*)::int AS count FROM kits.kits WHERE status = 'active' GROUP BY 1 ORDER BY 2 DESC, 1`),
      q(`SELECT status, count(*)::int AS count FROM kits.kits GROUP BY 1 ORDER BY 1`),
    ]);
    return {
      totalActiveKits: totals.total,
      verification: { manuallyVerified: totals.checked, total: totals.total },
      byAccessType,
      byAmbulanceService,
      byMake,
      byStatus,
    };
  }
}
