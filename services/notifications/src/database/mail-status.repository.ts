import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type MailStatusFacts, STATUS_LIMITS } from '@bleedkits/contracts';

/** The outbox's health for the admin status page: recent failures and the oldest message still waiting. */
@Injectable()
export class MailStatusRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async facts(): Promise<MailStatusFacts> {
    // Waiting: queued, or being tried (a retry puts it back to queued). Each reads the (status, created_at) index;
    // a message fails within hours of being queued, so failures are looked for among the last week's messages only.
    const [row] = (await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM notifications.outbox WHERE status IN ('queued', 'sending')) AS queued,
              (SELECT min(created_at) FROM notifications.outbox WHERE status IN ('queued', 'sending')) AS "oldestQueuedAt",
              (SELECT count(*)::int FROM notifications.outbox
                WHERE status = 'failed' AND created_at > now() - interval '7 days' AND updated_at > now() - make_interval(hours => $1)) AS "failedRecently",
              f.updated_at AS "lastFailureAt", f.last_error AS "lastFailure"
         FROM (SELECT 1) one
         LEFT JOIN LATERAL (SELECT updated_at, last_error FROM notifications.outbox
                             WHERE status = 'failed' AND created_at > now() - interval '7 days' ORDER BY updated_at DESC LIMIT 1) f ON true`,
      [STATUS_LIMITS.mailFailureWindowHours],
    )) as { queued: number; oldestQueuedAt: Date | null; failedRecently: number; lastFailureAt: Date | null; lastFailure: string | null }[];
    return {
      queued: row.queued,
      oldestQueuedAt: row.oldestQueuedAt?.toISOString() ?? null,
      failedRecently: row.failedRecently,
      lastFailureAt: row.lastFailureAt?.toISOString() ?? null,
      lastFailure: row.lastFailure,
    };
  }
}
