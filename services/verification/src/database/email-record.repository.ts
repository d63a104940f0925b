import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export type RestockNotice = { kitId: number; deployedAt: string; idempotencyKey: string };

/**
 * What the verification context asked the outbox to send (one row per idempotency key: a repeat run, a retried job
 * or a second replica finds it and sends nothing), the restock notices it owes, and its reminder runs.
 */
@Injectable()
export class EmailRecordRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async wasSent(idempotencyKey: string): Promise<boolean> {
    const rows = await this.dataSource.query(`SELECT 1 FROM verification.sent_emails WHERE idempotency_key = $1`, [idempotencyKey]);
    return rows.length > 0;
  }

  async recordSent(e: {
    idempotencyKey: string;
    templateId: string;
    kitId: number | null;
    recipient: string;
    messageId: string | null;
  }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO verification.sent_emails (idempotency_key, template_id, kit_id, recipient, message_id) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [e.idempotencyKey, e.templateId, e.kitId, e.recipient, e.messageId],
    );
  }

  async owesRestock(m: EntityManager, n: RestockNotice): Promise<void> {
    await m.query(`INSERT INTO verification.restock_notices (kit_id, deployed_at, idempotency_key) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      n.kitId,
      n.deployedAt,
      n.idempotencyKey,
    ]);
  }

  async unsentRestocks(limit = 500): Promise<RestockNotice[]> {
    const rows = await this.dataSource.query(
      `SELECT kit_id::int AS "kitId", deployed_at AS "deployedAt", idempotency_key AS "idempotencyKey" FROM verification.restock_notices
        WHERE sent_at IS NULL ORDER BY created_at LIMIT $1`,
      [limit],
    );
    return (rows as { kitId: number; deployedAt: Date; idempotencyKey: string }[]).map((r) => ({ ...r, deployedAt: r.deployedAt.toISOString() }));
  }

  async restockSent(idempotencyKey: string): Promise<void> {
    await this.dataSource.query(`UPDATE verification.restock_notices SET sent_at = now() WHERE idempotency_key = $1 AND sent_at IS NULL`, [
      idempotencyKey,
    ]);
  }

  /** Records the start of a run (a scheduler tick, or an admin's request); a retried job counts another attempt. */
  async startRun(runKey: string, kind: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO verification.reminder_runs (run_key, kind) VALUES ($1, $2)
       ON CONFLICT (run_key) DO UPDATE SET attempts = verification.reminder_runs.attempts + 1, started_at = now()`,
      [runKey, kind],
    );
  }

  async finishRun(runKey: string, result: object): Promise<void> {
    await this.dataSource.query(`UPDATE verification.reminder_runs SET finished_at = now(), result = $2 WHERE run_key = $1`, [
      runKey,
      JSON.stringify(result),
    ]);
  }

  async runs(kind: string): Promise<{ runKey: string; attempts: number; startedAt: string; result: unknown }[]> {
    const rows = await this.dataSource.query(
      `SELECT run_key AS "runKey", attempts, started_at AS "startedAt", result FROM verification.reminder_runs WHERE kind = $1 ORDER BY id`,
      [kind],
    );
    return (rows as { runKey: string; attempts: number; startedAt: Date; result: unknown }[]).map((r) => ({
      ...r,
      startedAt: r.startedAt.toISOString(),
    }));
  }
}
