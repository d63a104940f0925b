import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { OUTBOX_PAGE_SIZE, type OutboxMessageSummary, type OutboxPageResponse, type OutboxStatus } from '@bleedkits/contracts';
import type { RecipientLimit } from '../domain/custodian-mail';

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
  custodian_kit_ids: number[] | null;
  list_unsubscribe_url: string | null;
};

export type NewOutboxMessage = {
  idempotencyKey: string;
  templateId: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /** A custodian e-mail: the kits it is about (never sent to an address that stopped e-mails for one of them). */
  custodianKitIds?: readonly number[];
  listUnsubscribeUrl?: string | null;
  /** The daily limit per recipient this e-mail counts toward: over it, the message is stored `held`, not sent. */
  limit?: RecipientLimit | null;
};

/** Which earlier messages count toward a limit: those of its kind to the same address in the last 24 hours. */
const LIMIT_KIND_SQL: Record<RecipientLimit['kind'], string> = {
  custodian: 'custodian_kit_ids IS NOT NULL',
  'contact-confirmation': `template_id = 'contact_user_confirmation'`,
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

  /**
   * Inserts the message, or returns the one already stored under the same key (`created: false`). A custodian
   * e-mail to an address that stopped e-mails about one of its kits is stored `blocked`; a message over its
   * recipient's daily limit is stored `held`: recorded, never sent. The recipient's lock makes the count exact
   * when several replicas queue mail to one address at once.
   */
  async insertOnce(m: NewOutboxMessage): Promise<{ row: OutboxRow; created: boolean }> {
    return this.dataSource.transaction(async (tx) => {
      let status: OutboxStatus = 'queued';
      let reason: string | null = null;
      const kitIds = m.custodianKitIds?.length ? [...m.custodianKitIds] : null;
      if (kitIds || m.limit) {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('notifications.recipient:' || lower($1)))`, [m.to]);
        const known: OutboxRow[] = await tx.query(`SELECT * FROM notifications.outbox WHERE idempotency_key = $1`, [m.idempotencyKey]);
        if (known[0]) return { row: known[0], created: false };
      }
      if (kitIds) {
        const [{ blocked }]: { blocked: boolean }[] = await tx.query(
          `SELECT EXISTS (SELECT 1 FROM notifications.custodian_mail_blocks WHERE recipient = lower($1) AND kit_id = ANY($2::int[])) AS blocked`,
          [m.to, kitIds],
        );
        if (blocked) [status, reason] = ['blocked', 'Not sent: the recipient stopped e-mails about this kit'];
      }
      if (status === 'queued' && m.limit) {
        const [{ sent }]: { sent: number }[] = await tx.query(
          `SELECT count(*)::int AS sent FROM notifications.outbox
            WHERE lower(recipient) = lower($1) AND created_at > now() - interval '24 hours'
              AND status NOT IN ('held', 'blocked') AND ${LIMIT_KIND_SQL[m.limit.kind]}`,
          [m.to],
        );
        if (sent >= m.limit.maxPerDay) [status, reason] = ['held', `Not sent: ${m.limit.maxPerDay} e-mails of this kind to this address in 24 hours`];
      }
      const inserted: OutboxRow[] = await tx.query(
        `INSERT INTO notifications.outbox
           (idempotency_key, template_id, recipient, reply_to, subject, text_body, html_body, status, last_error, custodian_kit_ids, list_unsubscribe_url)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (idempotency_key) DO NOTHING RETURNING *`,
        [m.idempotencyKey, m.templateId, m.to, m.replyTo ?? null, m.subject, m.text, m.html, status, reason, kitIds, m.listUnsubscribeUrl ?? null],
      );
      if (inserted[0]) return { row: inserted[0], created: true };
      const existing: OutboxRow[] = await tx.query(`SELECT * FROM notifications.outbox WHERE idempotency_key = $1`, [m.idempotencyKey]);
      return { row: existing[0], created: false };
    });
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
      `UPDATE notifications.outbox SET status = $2, last_error = $3, updated_at = now() WHERE id = $1 AND status NOT IN ('sent', 'held', 'blocked')`,
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
