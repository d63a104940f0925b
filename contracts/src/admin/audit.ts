import type { UserRole } from '../enums/role';

/**
 * The audit trail (issue 25): who did what to what, with the changed fields before and after. Each context writes
 * the entries of its own actions in the transaction of the change (docs/decisions.md); the gateway merges their pages.
 */
export const AUDIT_ACTIONS = [
  'kit.approved',
  'kit.rejected',
  'kit.edited',
  'kit.deleted',
  'user.edited',
  'user.role-changed',
  'user.deleted',
  'user.password-reset-sent',
  'admin.signed-in',
  'feed-key.created',
  'feed-key.revoked',
  'feed-push.set',
  'feed-push.secret-rotated',
  'feed-push.resumed',
  'feed-push.replayed',
  'codes.downloaded',
  'email-template.edited',
  'manufacturer.added',
  'manufacturer.renamed',
  'manufacturer.removed',
  'backup.started',
  'cloud-storage.connected',
  'cloud-storage.disconnected',
  'restore.started',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'kit.approved': 'Kit approved',
  'kit.rejected': 'Kit rejected',
  'kit.edited': 'Kit edited',
  'kit.deleted': 'Kit deleted',
  'user.edited': 'User edited',
  'user.role-changed': 'Role changed',
  'user.deleted': 'User deleted',
  'user.password-reset-sent': 'Password reset sent',
  'admin.signed-in': 'Admin signed in',
  'feed-key.created': 'Feed key created',
  'feed-key.revoked': 'Feed key revoked',
  'feed-push.set': 'Push webhook set',
  'feed-push.secret-rotated': 'Push secret rotated',
  'feed-push.resumed': 'Push delivery resumed',
  'feed-push.replayed': 'Push delivery replayed from a cursor',
  'codes.downloaded': 'Approved kits downloaded (with cabinet codes)',
  'email-template.edited': 'E-mail template edited',
  'manufacturer.added': 'Manufacturer added',
  'manufacturer.renamed': 'Manufacturer renamed',
  'manufacturer.removed': 'Manufacturer removed',
  'backup.started': 'Backup started',
  'cloud-storage.connected': 'Dropbox connected',
  'cloud-storage.disconnected': 'Dropbox disconnected',
  'restore.started': 'Restore started',
};

export const AUDIT_TARGET_TYPES = ['kit', 'user', 'feed-key', 'download', 'email-template', 'manufacturer', 'backup', 'cloud-storage'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Stands in, before and after, for a field whose value never enters the trail (cabinet codes, passwords, tokens). */
export const AUDIT_REDACTED = 'changed';

/** Fields recorded only as changed, whatever the context: a code or a secret never enters the trail in clear. */
export const AUDIT_SECRET_FIELDS: readonly string[] = [
  'cabinetCode',
  'password',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'apiKey',
];

export type AuditFieldValues = Record<string, unknown>;

export type AuditEntry = {
  id: string;
  /** ISO time of the change (the transaction's time). */
  at: string;
  actor: { id: string | null; email: string; role: UserRole | null };
  action: AuditAction;
  target: { type: AuditTargetType; id: string; label: string };
  /** Only the fields that changed; a secret one reads AUDIT_REDACTED on both sides. */
  before: AuditFieldValues | null;
  after: AuditFieldValues | null;
  /** The trace id of the request that made the change (the same id as in the logs). */
  requestId: string | null;
};

/** Filters of the audit page; every one optional. `from` and `to` are ISO dates or times (to is exclusive). */
export type AuditFilter = {
  /** Part of the actor's e-mail (any case). */
  actorEmail?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  from?: string;
  to?: string;
};

/** Newest first; a cursor is the last entry's (at, id) of the page before. */
export type AuditCursor = { at: string; id: string };
export type AuditPageRequest = AuditFilter & { after?: AuditCursor | null; limit?: number };
export type AuditPage = { items: AuditEntry[]; next: AuditCursor | null };

/** GET /api/admin/audit: one merged page, newest first, and the opaque cursor of the next (null: the last page). */
export type AuditPageResponse = { items: AuditEntry[]; next: string | null };

/** How long an entry is kept unless AUDIT_RETENTION_DAYS says otherwise (two years). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;
/** The retention's daily tick (Europe/London), after the night's backups have started. */
export const AUDIT_RETENTION_CRON = '40 3 * * *';

export const AUDIT_PAGE_LIMIT = 50;
export const AUDIT_PAGE_MAX_LIMIT = 200;
/**
 * The JSON a context puts in one audit page at most: an entry keeps the before and after of what changed (a template
 * edit keeps both texts), so a page is cut by size as well as by count, well under NATS's 1 MB per message.
 */
export const AUDIT_PAGE_MAX_BYTES = 512 * 1024;

/** Newest first, ties by id (descending): the order every context's page and the merged page share. */
export function auditNewerFirst(a: Pick<AuditEntry, 'at' | 'id'>, b: Pick<AuditEntry, 'at' | 'id'>): number {
  const byTime = Date.parse(b.at) - Date.parse(a.at);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The before / after of changed fields only. A secret field that changed is recorded as AUDIT_REDACTED on both
 * sides; nothing changed answers null for both.
 */
export function auditChanges(
  before: AuditFieldValues | null,
  after: AuditFieldValues | null,
  secretFields: readonly string[] = AUDIT_SECRET_FIELDS,
): { before: AuditFieldValues | null; after: AuditFieldValues | null } {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const b: AuditFieldValues = {};
  const a: AuditFieldValues = {};
  for (const key of keys) {
    const was = before?.[key] ?? null;
    const now = after?.[key] ?? null;
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    const secret = secretFields.includes(key);
    if (before) b[key] = secret ? AUDIT_REDACTED : was;
    if (after) a[key] = secret ? AUDIT_REDACTED : now;
  }
  const empty = (o: AuditFieldValues) => Object.keys(o).length === 0;
  return { before: before && !empty(b) ? b : null, after: after && !empty(a) ? a : null };
}
