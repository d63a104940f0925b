import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { StatusItemId } from '@bleedkits/contracts';

export type StatusAlert = { item: StatusItemId; redSince: Date; reason: string };

/** The status items that are red now, each an episode the admins are e-mailed about once. */
@Injectable()
export class StatusAlertRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records the red items (an item already red keeps its episode) and forgets the others (recovered). */
  async record(red: { item: StatusItemId; reason: string }[], at: Date): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.query(`DELETE FROM notifications.status_alerts WHERE NOT (item = ANY($1))`, [red.map((r) => r.item)]);
      for (const r of red)
        await m.query(`INSERT INTO notifications.status_alerts (item, red_since, reason) VALUES ($1, $2, $3) ON CONFLICT (item) DO NOTHING`, [
          r.item,
          at,
          r.reason.slice(0, 2000),
        ]);
    });
  }

  /** Red items whose admins' e-mails are not yet all in the outbox. */
  async unmailed(): Promise<StatusAlert[]> {
    const rows: { item: StatusItemId; redSince: Date; reason: string }[] = await this.dataSource.query(
      `SELECT item, red_since AS "redSince", reason FROM notifications.status_alerts WHERE mailed_at IS NULL ORDER BY item`,
    );
    return rows;
  }

  async markMailed(item: StatusItemId, redSince: Date): Promise<void> {
    await this.dataSource.query(`UPDATE notifications.status_alerts SET mailed_at = now() WHERE item = $1 AND red_since = $2`, [item, redSince]);
  }
}
