import { Injectable } from '@nestjs/common';
import type { PublicKit, ViewportQuery } from '@bleedkits/contracts';
import { SqlViewportBaselineRepository } from '../../database/sql-viewport-baseline.repository';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

/** The most kits one baseline answer holds, as the finder's own viewport answer. */
export const SQL_BASELINE_MAX_KITS = 1000;

/**
 * The benchmark's baseline: the viewport answered by plain SQL through the ordinary Nest request/reply. It exists so
 * the geo-search speed-up is measured, not assumed.
 */
@Injectable()
export class SqlViewportBaselineHandler {
  constructor(private readonly baseline: SqlViewportBaselineRepository) {}

  @Handles(KitsSubjects.sqlViewportBaseline)
  execute(q: ViewportQuery): Promise<PublicKit[]> {
    return this.baseline.inBox(q, Math.min(SQL_BASELINE_MAX_KITS, q.limit || SQL_BASELINE_MAX_KITS));
  }
}
