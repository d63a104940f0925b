import type { ViewportQuery } from '@bleedkits/contracts';
import type { SqlViewportBaselineRepository } from '../../database/sql-viewport-baseline.repository';
import { SQL_BASELINE_MAX_KITS, SqlViewportBaselineHandler } from './sql-viewport-baseline.handler';

describe(SqlViewportBaselineHandler.name, () => {
  it('reads the box with the limit asked, never more than the finder answers, and the most when none is asked', async () => {
    const limits: number[] = [];
    const repo = { inBox: async (_box: unknown, limit: number) => (limits.push(limit), []) };
    const handler = new SqlViewportBaselineHandler(repo as unknown as SqlViewportBaselineRepository);
    const box = { north: 54, south: 53, east: -2, west: -3 } as ViewportQuery;
    await handler.execute({ ...box, limit: 50 });
    await handler.execute({ ...box, limit: 50_000 });
    await handler.execute({ ...box, limit: 0 });
    expect(limits).toEqual([50, SQL_BASELINE_MAX_KITS, SQL_BASELINE_MAX_KITS]);
  });
});
