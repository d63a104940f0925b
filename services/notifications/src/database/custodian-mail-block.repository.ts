import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Custodian addresses that followed a stop link: one row per (address, kit), never mailed about that kit again. */
@Injectable()
export class CustodianMailBlockRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Blocks the address for each kit (again is a no-op). Its e-mails about them still waiting in the outbox never
   * leave: an attempt in flight may still deliver, but a failed one no longer returns the message to the queue.
   */
  async block(address: string, kitIds: readonly number[]): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('notifications.recipient:' || lower($1)))`, [address]);
      await tx.query(
        `INSERT INTO notifications.custodian_mail_blocks (recipient, kit_id)
         SELECT lower($1), unnest($2::int[]) ON CONFLICT DO NOTHING`,
        [address, [...kitIds]],
      );
      await tx.query(
        `UPDATE notifications.outbox SET status = 'blocked', last_error = 'Not sent: the recipient stopped e-mails about this kit', updated_at = now()
          WHERE lower(recipient) = lower($1) AND status IN ('queued', 'sending') AND custodian_kit_ids && $2::int[]`,
        [address, [...kitIds]],
      );
    });
  }

  /** The kits of this address whose block the admins have not been told of yet (a stop interrupted before telling them included). */
  async untold(address: string): Promise<number[]> {
    const rows: { kit_id: number }[] = await this.dataSource.query(
      `SELECT kit_id FROM notifications.custodian_mail_blocks WHERE recipient = lower($1) AND admins_told_at IS NULL ORDER BY kit_id`,
      [address],
    );
    return rows.map((r) => r.kit_id);
  }

  async markAdminsTold(address: string, kitIds: readonly number[]): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications.custodian_mail_blocks SET admins_told_at = now() WHERE recipient = lower($1) AND kit_id = ANY($2::int[])`,
      [address, [...kitIds]],
    );
  }
}
