import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { OUTBOX_PAGE_SIZE, type OutboxMessageSummary, type OutboxPageResponse, type OutboxStatus } from '@bleedkits/contracts';

export type OutboxRow = {
  id: string;
  idempotency_key: string;
  template_id: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
};

export type NewOutboxMessage = {
  idempotencyKey: string;
  templateId: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
};

const summary = (r: OutboxRow): OutboxMessageSummary => ({
  id: r.id,
  to: r.recipient,
  templateId: r.template_id,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  lastError: r.last_error,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  sentAt: r.sent_at ? r.sent_at.toISOString() : null,
});

/** The outbox: one row per intended e-mail, unique by idempotency key. */
@Injectable()
export class OutboxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inserts the message, or returns the one already stored under the same key (`created: false`). */
  async insertOnce(m: NewOutboxMessage): Promise<{ row: OutboxRow; created: boolean }> {
    const inserted: OutboxRow[] = await this.dataSource.query(
      `INSERT INTO notifications.outbox (idempotency_key, template_id, recipient, reply_to, subject, text_body, html_body)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING *`,
      [m.idempotencyKey, m.templateId, m.to, m.replyTo ?? null, m.subject, m.text, m.html],
    );
    if (inserted[0]) return { row: inserted[0], created: true };
    const existing: OutboxRow[] = await this.dataSource.query(`SELECT * FROM notifications.outbox WHERE idempotency_key = $1`, [m.idempotencyKey]);
    return { row: existing[0], created: false };
  }

  async findByKey(idempotencyKey: string): Promise<OutboxRow | null> {
    const rows: OutboxRow[] = await this.dataSource.query(`SELECT * FROM notifications.outbox WHERE idempotency_key = $1`, [idempotencyKey]);
    return rows[0] ?? null;
  }

  /** Starts one attempt: counts it and marks the message sending. Null when it is already sent or given up. */
  async beginAttempt(id: string): Promise<OutboxRow | null> {
    const [rows]: [OutboxRow[], number] = await this.dataSource.query(
      `UPDATE notifications.outbox SET status = 'sending', attempts = attempts + 1, updated_at = now()
        WHERE id = $1 AND status IN ('queued', 'sending') RETURNING *`,
      [id],
    );
    return rows[0] ?? null;
  }

  async markSent(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications.outbox SET status = 'sent', sent_at = now(), last_error = NULL, updated_at = now() WHERE id = $1`,
      [id],
    );
  }

  /** After a failed attempt: back to queued (a retry follows) or failed (no more attempts). */
  async markAttemptFailed(id: string, error: string, final: boolean): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications.outbox SET status = $2, last_error = $3, updated_at = now() WHERE id = $1 AND status <> 'sent'`,
      [id, final ? 'failed' : 'queued', error.slice(0, 1000)],
    );
  }

  /**
   * Messages that may have lost their job: queued (or left sending by a process that died) and untouched for
   * `olderThanSeconds`. Oldest first, bounded per sweep.
   */
  async stale(olderThanSeconds: number, limit = 500): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM notifications.outbox
        WHERE status IN ('queued', 'sending') AND updated_at < now() - make_interval(secs => $1)
        ORDER BY updated_at LIMIT $2`,
      [olderThanSeconds, limit],
    );
    return rows.map((r) => r.id);
  }

  async page(page: number, status?: OutboxStatus): Promise<OutboxPageResponse> {
    const where = status ? `WHERE status = $1` : '';
    const params: unknown[] = status ? [status] : [];
    const [{ total }]: { total: number }[] = await this.dataSource.query(`SELECT count(*)::int AS total FROM notifications.outbox ${where}`, params);
    const pageCount = Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE));
    const rows: OutboxRow[] = await this.dataSource.query(
      `SELECT * FROM notifications.outbox ${where} ORDER BY created_at DESC, id DESC LIMIT ${OUTBOX_PAGE_SIZE} OFFSET ${(page - 1) * OUTBOX_PAGE_SIZE}`,
      params,
    );
    return { data: rows.map(summary), pagination: { total, page, pageSize: OUTBOX_PAGE_SIZE, pageCount } };
  }
}
