import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { REMINDER_RUNS_PAGE_SIZE, type ReminderKind, type VerificationReminderRun } from '@bleedkits/contracts';
import type { ProjectedKit } from '../domain/projected-kit';
import { PROJECTED_KIT_COLUMNS, toProjectedKit } from './projection.repository';

/** A reminder run as stored: the run as shown, but the e-mails' delivery, which is the outbox's to say. */
export type StoredReminderRun = Omit<VerificationReminderRun, 'emailsQueued' | 'emailsSent' | 'emailsFailed'>;

/** What a run owes: kits due by `dueUpTo`, overdue when due before `today`, not yet reminded of in their cycle. */
export type OwedWindow = { today: string; dueUpTo: string };

/** One kit a custodian was reminded of (alone or in a digest), for its due cycle and kind. */
export type KitReminder = { kitId: number; dueDay: string; kind: ReminderKind };

const RUN_COLUMNS = `run_id AS "runId", status, requested_by AS "requestedBy", kits_considered AS "kitsConsidered", custodians,
  custodians_done AS "custodiansDone", queued_at AS "queuedAt", started_at AS "startedAt", finished_at AS "finishedAt", error`;
const iso = (v: unknown): string | null => (v == null ? null : new Date(v as string | Date).toISOString());
const toRun = (r: Record<string, unknown>): StoredReminderRun => ({
  ...(r as unknown as StoredReminderRun),
  queuedAt: iso(r.queuedAt)!,
  startedAt: iso(r.startedAt),
  finishedAt: iso(r.finishedAt),
});

// A kit's kind in a run, and whether it is owed (not yet reminded of in this due cycle with this kind).
const KIND = `CASE WHEN k.next_verification_due < $1::date THEN 'verification_overdue' ELSE 'verification_reminder' END`;
const OWED = `k.active AND k.custodian_email <> '' AND k.next_verification_due <= $2::date
  AND NOT EXISTS (SELECT 1 FROM verification.kit_reminders r WHERE r.kit_id = k.id AND r.due_day = k.next_verification_due AND r.kind = ${KIND})`;

/**
 * Reminder runs (one row per run, its counts kept as it goes) and the kits each run reminded custodians of: the
 * record that keeps a kit to one reminder per due cycle and lets a resumed run skip the custodians it has done.
 */
@Injectable()
export class ReminderRunRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** An admin's run, queued before its job exists. */
  async queue(runId: string, requestedBy: 'schedule' | 'admin'): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO verification.reminder_runs (run_key, run_id, kind, status, requested_by, attempts, started_at) VALUES ($1, $2, 'reminder-run', 'queued', $3, 0, NULL)`,
      [`run:${runId}`, runId, requestedBy],
    );
  }

  /**
   * The run starts (or starts again after a crash: another attempt); a scheduled tick's row is made here, its key
   * naming the tick's job (`job:repeat:<scheduler>:<tick time>`).
   */
  async start(runId: string, requestedBy: 'schedule' | 'admin', runKey = `run:${runId}`): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO verification.reminder_runs (run_key, run_id, kind, status, requested_by, started_at) VALUES ($1, $2, 'reminder-run', 'running', $3, now())
       ON CONFLICT (run_id) DO UPDATE SET status = 'running', attempts = verification.reminder_runs.attempts + 1,
         started_at = coalesce(verification.reminder_runs.started_at, now()), error = NULL`,
      [runKey, runId, requestedBy],
    );
  }

  /** Counts as the run goes: the custodians it owes an e-mail in all, and what it has done so far. */
  async progress(runId: string, p: { custodians?: number }): Promise<void> {
    await this.dataSource.query(
      `UPDATE verification.reminder_runs SET custodians = coalesce($2, custodians),
         custodians_done = (SELECT count(*) FROM verification.sent_emails WHERE run_id = $1),
         kits_considered = (SELECT count(*) FROM verification.kit_reminders WHERE run_id = $1)
       WHERE run_id = $1`,
      [runId, p.custodians ?? null],
    );
  }

  async finish(runId: string, result: object): Promise<void> {
    await this.progress(runId, {});
    await this.dataSource.query(`UPDATE verification.reminder_runs SET status = 'done', finished_at = now(), result = $2 WHERE run_id = $1`, [
      runId,
      JSON.stringify(result),
    ]);
  }

  /** A failed run has no finish time: `finished_at` means a run that finished (the status page's and metrics' last success). */
  async fail(runId: string, error: string): Promise<void> {
    await this.progress(runId, {});
    await this.dataSource.query(`UPDATE verification.reminder_runs SET status = 'failed', error = $2 WHERE run_id = $1`, [
      runId,
      error.slice(0, 1000),
    ]);
  }

  async find(runId: string): Promise<StoredReminderRun | null> {
    const rows = await this.dataSource.query(`SELECT ${RUN_COLUMNS} FROM verification.reminder_runs WHERE run_id = $1 AND kind = 'reminder-run'`, [
      runId,
    ]);
    return rows[0] ? toRun(rows[0]) : null;
  }

  /** Newest first, REMINDER_RUNS_PAGE_SIZE a page. */
  async page(page: number): Promise<{ runs: StoredReminderRun[]; total: number }> {
    const [{ total }] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM verification.reminder_runs WHERE kind = 'reminder-run' AND run_id IS NOT NULL`,
    );
    const rows = await this.dataSource.query(
      `SELECT ${RUN_COLUMNS} FROM verification.reminder_runs WHERE kind = 'reminder-run' AND run_id IS NOT NULL
        ORDER BY queued_at DESC, id DESC LIMIT $1 OFFSET $2`,
      [REMINDER_RUNS_PAGE_SIZE, (page - 1) * REMINDER_RUNS_PAGE_SIZE],
    );
    return { runs: (rows as Record<string, unknown>[]).map(toRun), total };
  }

  /** How many custodians (by address, whatever the capitals) are owed an e-mail now. */
  async owedCustodianCount(w: OwedWindow): Promise<number> {
    const [{ n }] = await this.dataSource.query(`SELECT count(DISTINCT lower(k.custodian_email))::int AS n FROM verification.kits k WHERE ${OWED}`, [
      w.today,
      w.dueUpTo,
    ]);
    return n;
  }

  /** How many custodians this run has handed an e-mail to (a resumed run counts those of its earlier attempts). */
  async custodiansDone(runId: string): Promise<number> {
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM verification.sent_emails WHERE run_id = $1`, [runId]);
    return n;
  }

  /** The next custodian addresses (lower case) owed an e-mail, after `after` in address order. */
  async owedCustodians(w: OwedWindow, after: string, limit: number): Promise<string[]> {
    const rows: { email: string }[] = await this.dataSource.query(
      `SELECT lower(k.custodian_email) AS email FROM verification.kits k WHERE ${OWED} AND lower(k.custodian_email) > $3
        GROUP BY 1 ORDER BY 1 LIMIT $4`,
      [w.today, w.dueUpTo, after, limit],
    );
    return rows.map((r) => r.email);
  }

  /** A custodian's owed kits, most overdue first. */
  async owedKits(w: OwedWindow, custodian: string): Promise<ProjectedKit[]> {
    const rows = await this.dataSource.query(
      `SELECT ${PROJECTED_KIT_COLUMNS} FROM verification.kits k
        WHERE ${OWED} AND lower(k.custodian_email) = $3 ORDER BY k.next_verification_due, k.id`,
      [w.today, w.dueUpTo, custodian],
    );
    return (rows as Record<string, unknown>[]).map(toProjectedKit);
  }

  /**
   * What one e-mail of a run covered, in one transaction: the e-mail (its key) and every kit it reminded the
   * custodian of, so neither the run resumed nor a later run in the cycle names these kits again.
   */
  async recordReminded(e: {
    runId: string;
    idempotencyKey: string;
    templateId: string;
    recipient: string;
    messageId: string | null;
    kitId: number | null;
    kits: KitReminder[];
  }): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.query(
        `INSERT INTO verification.sent_emails (idempotency_key, template_id, kit_id, recipient, message_id, run_id) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT DO NOTHING`,
        [e.idempotencyKey, e.templateId, e.kitId, e.recipient, e.messageId, e.runId],
      );
      await m.query(
        `INSERT INTO verification.kit_reminders (kit_id, due_day, kind, run_id, recipient)
         SELECT r."kitId", r."dueDay", r.kind, $2, $3 FROM jsonb_to_recordset($1::jsonb) AS r("kitId" bigint, "dueDay" date, kind text)
         ON CONFLICT DO NOTHING`,
        [JSON.stringify(e.kits), e.runId, e.recipient],
      );
    });
  }
}
