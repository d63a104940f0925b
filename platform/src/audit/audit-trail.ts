import { trace } from '@opentelemetry/api';
import type { DataSource, EntityManager } from 'typeorm';
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_LIMIT,
  AUDIT_PAGE_MAX_BYTES,
  AUDIT_PAGE_MAX_LIMIT,
  AUDIT_TARGET_TYPES,
  type Actor,
  type AuditAction,
  type AuditEntry,
  type AuditFieldValues,
  type AuditPage,
  type AuditPageRequest,
  type AuditTargetType,
  auditChanges,
} from '@bleedkits/contracts';
import { ServiceError } from '../errors/service-error';

/** What a handler records: the changed fields are worked out (and secrets redacted) here, in one place. */
export type NewAuditEntry = {
  /** A signed-in user, or someone acting outside the web app (an operator's restore): no user id, no role. */
  actor: Actor | AuditEntry['actor'];
  action: AuditAction;
  target: { type: AuditTargetType; id: string | number; label: string };
  before?: AuditFieldValues | null;
  after?: AuditFieldValues | null;
};

/**
 * The append-only `audit_entries` table of one context's schema. Only the retention function may delete (and
 * nothing may update): a trigger refuses everything else, so the trail cannot be quietly rewritten by the code.
 */
export function auditEntriesMigration(schema: string): { up: string[]; down: string[] } {
  const t = `${schema}.audit_entries`;
  return {
    up: [
      `CREATE TABLE ${t} (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        at timestamptz NOT NULL DEFAULT now(),
        actor_id text,
        actor_email text NOT NULL,
        actor_role text,
        action text NOT NULL,
        target_type text NOT NULL,
        target_id text NOT NULL,
        target_label text NOT NULL,
        before jsonb,
        after jsonb,
        request_id text
      )`,
      `CREATE INDEX audit_entries_newest ON ${t} (at DESC, id DESC)`,
      `CREATE INDEX audit_entries_by_target ON ${t} (target_type, target_id, at DESC, id DESC)`,
      `CREATE FUNCTION ${schema}.audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP = 'DELETE' AND current_setting('audit.retention', true) = 'on' THEN RETURN OLD; END IF;
         RAISE EXCEPTION 'audit entries are append-only';
       END $$`,
      `CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON ${t}
       FOR EACH ROW EXECUTE FUNCTION ${schema}.audit_entries_append_only()`,
      `CREATE FUNCTION ${schema}.purge_audit_entries(older_than timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
       DECLARE removed bigint;
       BEGIN
         PERFORM set_config('audit.retention', 'on', true);
         DELETE FROM ${t} WHERE at < older_than;
         GET DIAGNOSTICS removed = ROW_COUNT;
         PERFORM set_config('audit.retention', 'off', true);
         RETURN removed;
       END $$`,
    ],
    down: [`DROP FUNCTION ${schema}.purge_audit_entries(timestamptz)`, `DROP TABLE ${t}`, `DROP FUNCTION ${schema}.audit_entries_append_only()`],
  };
}

/**
 * Each entry's size as text, kept beside it so that a page can be cut at its byte cap before the large before /
 * after values are read: a page of template edits would otherwise read ~8 MB to send 512 KB.
 */
export function auditEntrySizeMigration(schema: string): { up: string[]; down: string[] } {
  const t = `${schema}.audit_entries`;
  return {
    up: [
      `ALTER TABLE ${t} ADD COLUMN entry_bytes integer NOT NULL
         GENERATED ALWAYS AS (coalesce(octet_length(before::text), 0) + coalesce(octet_length(after::text), 0)) STORED`,
    ],
    down: [`ALTER TABLE ${t} DROP COLUMN entry_bytes`],
  };
}

/** What an entry's JSON holds besides its before / after: ids, times, actor and target (an over-estimate). */
const ENTRY_BYTES_BESIDES_VALUES = 1_024;

const COLUMNS = `id::text AS "id", at, actor_id AS "actorId", actor_email AS "actorEmail", actor_role AS "actorRole", action,
  target_type AS "targetType", target_id AS "targetId", target_label AS "targetLabel", before, after, request_id AS "requestId"`;

const isIsoTime = (v: unknown): v is string => typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v));

/** Reads the filters and cursor of a page request, refusing each bad one in words (a 400, never a 500). */
export function readAuditPageRequest(req: AuditPageRequest): Required<Pick<AuditPageRequest, 'limit'>> & AuditPageRequest {
  const problems: string[] = [];
  const text = (name: string, v: unknown) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string' || v.length > 200) problems.push(`${name} must be text of at most 200 characters`);
    return typeof v === 'string' ? v : undefined;
  };
  const limit = req.limit ?? AUDIT_PAGE_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_PAGE_MAX_LIMIT)
    problems.push(`limit must be a whole number from 1 to ${AUDIT_PAGE_MAX_LIMIT}`);
  const action = text('action', req.action);
  if (action && !(AUDIT_ACTIONS as readonly string[]).includes(action)) problems.push(`action must be one of: ${AUDIT_ACTIONS.join(', ')}`);
  const targetType = text('targetType', req.targetType);
  if (targetType && !(AUDIT_TARGET_TYPES as readonly string[]).includes(targetType))
    problems.push(`targetType must be one of: ${AUDIT_TARGET_TYPES.join(', ')}`);
  for (const name of ['from', 'to'] as const) {
    const v = req[name];
    if (v !== undefined && v !== null && v !== '' && !isIsoTime(v)) problems.push(`${name} must be a date (YYYY-MM-DD) or an ISO time`);
  }
  const after = req.after;
  if (after !== undefined && after !== null && (typeof after !== 'object' || !isIsoTime(after.at) || typeof after.id !== 'string'))
    problems.push('after must be the cursor of the page before');
  const actorEmail = text('actorEmail', req.actorEmail);
  const targetId = text('targetId', req.targetId);
  if (problems.length) throw ServiceError.validation(problems);
  return {
    limit,
    after: after ?? null,
    actorEmail,
    action: action as AuditAction | undefined,
    targetType: targetType as AuditTargetType | undefined,
    targetId,
    from: req.from || undefined,
    to: req.to || undefined,
  };
}

/** One context's audit trail: written in the transaction of the change it records, read a page at a time. */
export class AuditTrail {
  constructor(private readonly schema: string) {}

  /** Records one entry with the changed fields only; an edit that changed nothing records nothing. */
  async record(m: EntityManager, entry: NewAuditEntry): Promise<void> {
    const { before, after } = auditChanges(entry.before ?? null, entry.after ?? null);
    if (entry.before && entry.after && !before && !after) return;
    // The request's trace id travels in the NATS headers; it is the id the gateway's and every service's logs carry.
    const traceId = trace.getActiveSpan()?.spanContext().traceId;
    const requestId = traceId && !/^0+$/.test(traceId) ? traceId : null;
    await m.query(
      `INSERT INTO ${this.schema}.audit_entries
         (actor_id, actor_email, actor_role, action, target_type, target_id, target_label, before, after, request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        entry.actor.id,
        entry.actor.email,
        entry.actor.role,
        entry.action,
        entry.target.type,
        String(entry.target.id),
        entry.target.label,
        before === null ? null : JSON.stringify(before),
        after === null ? null : JSON.stringify(after),
        requestId,
      ],
    );
  }

  /** Newest first, after the cursor (at, id) of the page before. */
  async page(db: DataSource | EntityManager, request: AuditPageRequest): Promise<AuditPage> {
    const req = readAuditPageRequest(request);
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (req.actorEmail) where.push(`actor_email ILIKE ${param(`%${req.actorEmail.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
    if (req.action) where.push(`action = ${param(req.action)}`);
    if (req.targetType) where.push(`target_type = ${param(req.targetType)}`);
    if (req.targetId) where.push(`target_id = ${param(req.targetId)}`);
    if (req.from) where.push(`at >= ${param(req.from)}::timestamptz`);
    if (req.to) where.push(`at < ${param(req.to)}::timestamptz`);
    if (req.after) where.push(`(at, id) < (${param(req.after.at)}::timestamptz, ${param(req.after.id)}::uuid)`);
    // First the candidates' keys and sizes (no large value is read), then only the entries that fit the cap.
    const candidates = (await db.query(
      `SELECT id::text AS "id", entry_bytes AS "bytes" FROM ${this.schema}.audit_entries ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY at DESC, id DESC LIMIT ${param(req.limit + 1)}`,
      params,
    )) as { id: string; bytes: number }[];
    const fitting: string[] = [];
    let bytes = 0;
    for (const candidate of candidates.slice(0, req.limit)) {
      bytes += candidate.bytes + ENTRY_BYTES_BESIDES_VALUES;
      if (bytes > AUDIT_PAGE_MAX_BYTES && fitting.length > 0) break;
      fitting.push(candidate.id);
    }
    const rows = fitting.length
      ? ((await db.query(`SELECT ${COLUMNS} FROM ${this.schema}.audit_entries WHERE id = ANY($1::uuid[]) ORDER BY at DESC, id DESC`, [
          fitting,
        ])) as Record<string, unknown>[])
      : [];
    // The estimate above is generous; the exact cut stays, so the cap holds whatever the estimate.
    const items = withinBytes(rows.map(toEntry), AUDIT_PAGE_MAX_BYTES);
    const last = items[items.length - 1];
    return { items, next: candidates.length > items.length && last ? { at: last.at, id: last.id } : null };
  }

  /** Deletes entries older than the retention (the one delete the table allows); answers how many went. */
  async purgeOlderThan(db: DataSource | EntityManager, olderThan: Date): Promise<number> {
    const rows = (await db.query(`SELECT ${this.schema}.purge_audit_entries($1) AS removed`, [olderThan.toISOString()])) as {
      removed: string;
    }[];
    return Number(rows[0]?.removed ?? 0);
  }
}

function toEntry(row: Record<string, unknown>): AuditEntry {
  return {
    id: row.id as string,
    at: new Date(row.at as string | Date).toISOString(),
    actor: { id: (row.actorId as string) ?? null, email: row.actorEmail as string, role: (row.actorRole as AuditEntry['actor']['role']) ?? null },
    action: row.action as AuditAction,
    target: { type: row.targetType as AuditTargetType, id: row.targetId as string, label: row.targetLabel as string },
    before: (row.before as AuditFieldValues) ?? null,
    after: (row.after as AuditFieldValues) ?? null,
    requestId: (row.requestId as string) ?? null,
  };
}

/** The oldest time an entry is kept: `days` whole days before `now`. */
export function auditRetentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 86_400_000);
}

/** The leading entries whose JSON fits in `maxBytes` (always the first, so a page never comes back empty). */
export function withinBytes(items: AuditEntry[], maxBytes: number): AuditEntry[] {
  let bytes = 0;
  for (let i = 0; i < items.length; i++) {
    bytes += Buffer.byteLength(JSON.stringify(items[i]));
    if (bytes > maxBytes && i > 0) return items.slice(0, i);
  }
  return items;
}
