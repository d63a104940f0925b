import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { EmailBatchCounts } from '@bleedkits/contracts';

/** What the outbox knows per batch (a reminder run's e-mails) and per lane (which template a message renders). */
@Injectable()
export class OutboxBatchRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Names the message's batch; a message keeps the first batch it was given (a resumed run asks again). */
  async tag(outboxId: string, batch: string): Promise<void> {
    await this.dataSource.query(`UPDATE notifications.outbox SET batch = $2 WHERE id = $1 AND batch IS NULL`, [outboxId, batch]);
  }

  async counts(batches: readonly string[]): Promise<Record<string, EmailBatchCounts>> {
    const rows: { batch: string; queued: number; sent: number; failed: number }[] = await this.dataSource.query(
      `SELECT batch, count(*)::int AS queued, count(*) FILTER (WHERE status = 'sent')::int AS sent,
              count(*) FILTER (WHERE status = 'failed')::int AS failed
         FROM notifications.outbox WHERE batch = ANY($1) GROUP BY batch`,
      [batches],
    );
    const counts: Record<string, EmailBatchCounts> = Object.fromEntries(batches.map((b) => [b, { queued: 0, sent: 0, failed: 0 }]));
    for (const r of rows) counts[r.batch] = { queued: r.queued, sent: r.sent, failed: r.failed };
    return counts;
  }

  /** The template of each message (its lane follows from it). */
  async templatesOf(outboxIds: readonly string[]): Promise<Map<string, string>> {
    if (!outboxIds.length) return new Map();
    const rows: { id: string; template_id: string }[] = await this.dataSource.query(
      `SELECT id, template_id FROM notifications.outbox WHERE id = ANY($1::uuid[])`,
      [outboxIds],
    );
    return new Map(rows.map((r) => [r.id, r.template_id]));
  }
}
