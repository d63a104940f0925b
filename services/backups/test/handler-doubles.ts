import type { Actor, CloudCopyStatus, DropboxConnection, QueueNames } from '@bleedkits/contracts';
import type { NewAuditEntry, TypedQueue } from '@bleedkits/platform';
import type { EntityManager } from 'typeorm';
import type { BackupContext } from '../src/backup-context';
import type { AlsoRecord, BackupsAuditTrail } from '../src/database/backups-audit-trail';
import type { BackupRun, BackupRunRepository } from '../src/database/backup-run.repository';
import { type DropboxAccess, DropboxNotConnectedError } from '../src/dropbox-access';
import type { CloudStorage } from '../src/providers/cloud-storage/cloud-storage';

/** The transaction a repository double hands to `alsoRecord` (the audit double only passes it on). */
export const TRANSACTION = { transaction: 'of the change' } as unknown as EntityManager;

export const anAdmin: Actor = { id: 'admin-1', role: 'admin', email: 'admin@register.test' };
export const aUser: Actor = { id: 'user-1', role: 'user', email: 'user@register.test' };

/** The trail's own rules (changed fields only, redaction) are the platform's; here each entry as the handler gave it, with its transaction. */
export function auditDouble() {
  const audited: NewAuditEntry[] = [];
  const transactions: unknown[] = [];
  const audit = {
    record: async (m: unknown, entry: NewAuditEntry) => {
      transactions.push(m);
      audited.push(entry);
    },
  };
  return { audited, transactions, audit: audit as unknown as BackupsAuditTrail };
}

/** A backup run row with the defaults of a successful, local-only full backup. */
export function backupRun(id: string, r: Partial<BackupRun> = {}): BackupRun {
  return {
    id,
    runKey: `run:${id}`,
    createdAt: '2027-03-10T02:00:00.000Z',
    status: 'success',
    isFullBackup: true,
    isAutomatic: true,
    sizeBytes: 1000,
    durationMs: 10,
    fileName: `${id}.bkb`,
    cloudCopyStatus: 'local_only',
    errorMessage: null,
    fullBackupId: null,
    parentBackupId: null,
    tableChecksums: null,
    schemaFingerprint: null,
    cloudPath: null,
    cloudAttempts: 0,
    prunedAt: null,
    ...r,
  };
}

/**
 * The backup history kept in a map, with the repository's rules (one row per run key, prune once, no upload recorded
 * after a prune; the history, its page and its stats leave pruned runs out). A run here has no finish or upload
 * instant: its createdAt stands for both in `health`.
 */
export function backupRuns(initial: BackupRun[] = []) {
  const store = new Map(initial.map((r) => [r.id, { ...r }]));
  const pageCalls: { page: number; limit: number }[] = [];
  const newestFirst = (a: BackupRun, b: BackupRun) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
  const kept = () => [...store.values()].filter((r) => !r.prunedAt).sort(newestFirst);
  const runs = {
    async page(page: number, limit: number) {
      pageCalls.push({ page, limit });
      return { runs: kept().slice((page - 1) * limit, page * limit), total: kept().length };
    },
    async stats() {
      const latest = kept().find((r) => r.status === 'success');
      return {
        total: kept().filter((r) => r.status === 'success').length,
        failed: kept().filter((r) => r.status === 'failed').length,
        latestAt: latest?.createdAt ?? null,
        latestSize: latest?.sizeBytes ?? null,
      };
    },
    async health() {
      const all = [...store.values()].sort(newestFirst);
      const lastFailed = all.find((r) => r.status === 'failed');
      const at = (r: BackupRun | undefined) => (r ? new Date(r.createdAt) : null);
      return {
        lastGoodAt: at(all.find((r) => r.status === 'success')),
        lastFailedAt: at(lastFailed),
        lastError: lastFailed?.errorMessage ?? null,
        lastCopyAt: at(all.find((r) => r.cloudCopyStatus === 'uploaded')),
      };
    },
    async findOrCreate(run: { id: string; runKey: string; createdAt: Date; isFull: boolean; isAutomatic: boolean }, alsoRecord?: AlsoRecord) {
      const existing = [...store.values()].find((r) => r.runKey === run.runKey);
      if (existing) return { ...existing };
      await alsoRecord?.(TRANSACTION);
      const created = backupRun(run.id, {
        runKey: run.runKey,
        createdAt: run.createdAt.toISOString(),
        status: 'in_progress',
        isFullBackup: run.isFull,
        isAutomatic: run.isAutomatic,
        sizeBytes: null,
        durationMs: null,
        fileName: null,
      });
      store.set(run.id, created);
      return { ...created };
    },
    findById: async (id: string) => (store.has(id) ? { ...store.get(id)! } : null),
    async markFailed(id: string, message: string) {
      Object.assign(store.get(id)!, { status: 'failed', errorMessage: message });
    },
    retained: async () => [...store.values()].filter((r) => r.status === 'success' && !r.prunedAt),
    async prune(id: string, at: Date) {
      const run = store.get(id);
      if (!run || run.prunedAt) return null;
      run.prunedAt = at.toISOString();
      return { ...run };
    },
    prunedInCloud: async () => [...store.values()].filter((r) => r.prunedAt && r.cloudCopyStatus === 'uploaded'),
    async forgetPruned() {
      for (const r of [...store.values()])
        if (r.prunedAt && (r.cloudCopyStatus === 'local_only' || r.cloudCopyStatus === 'failed')) store.delete(r.id);
    },
    forget: async (id: string) => void store.delete(id),
    async forgetFailedBefore(before: Date) {
      for (const r of [...store.values()]) if (r.status === 'failed' && new Date(r.createdAt) < before) store.delete(r.id);
    },
    awaitingCloudCopy: async () =>
      [...store.values()].filter(
        (r) => r.status === 'success' && !r.prunedAt && ['pending', 'failed', 'local_only'].includes(r.cloudCopyStatus ?? ''),
      ),
    async setCloudStatus(id: string, status: CloudCopyStatus, error: string | null = null) {
      Object.assign(store.get(id)!, { cloudCopyStatus: status, errorMessage: error });
    },
    async markUploaded(id: string, cloudPath: string) {
      const run = store.get(id);
      if (!run || run.prunedAt) return false;
      Object.assign(run, { cloudCopyStatus: 'uploaded', cloudPath, errorMessage: null });
      return true;
    },
  };
  return { store, pageCalls, runs: runs as unknown as BackupRunRepository };
}

/**
 * Dropbox as the backups context sees it: the files there by path; `failWith` makes uploads (or removes) fail;
 * `connection` is the connection as the admin pages show it; `unreadable` makes reading the connection fail.
 */
export function dropboxDouble(
  o: {
    connected?: boolean;
    failUploadWith?: Error;
    failRemoveWith?: Error;
    beforeUploadEnds?: () => void;
    connection?: Partial<DropboxConnection>;
    unreadable?: Error;
  } = {},
) {
  const files = new Map<string, string>();
  const tokensUsed: string[] = [];
  const cloud = {
    async upload(token: string, localPath: string, remotePath: string) {
      tokensUsed.push(token);
      if (o.failUploadWith) throw o.failUploadWith;
      o.beforeUploadEnds?.();
      files.set(remotePath, localPath);
    },
    async remove(token: string, remotePath: string) {
      tokensUsed.push(token);
      if (o.failRemoveWith) throw o.failRemoveWith;
      files.delete(remotePath);
    },
  };
  const connected = o.connected ?? true;
  const access = {
    exists: async () => connected,
    async usable() {
      if (o.unreadable) throw o.unreadable;
      return connected;
    },
    async view(): Promise<DropboxConnection> {
      if (o.unreadable) throw o.unreadable;
      return {
        mode: connected ? 'connected' : 'none',
        connectAvailable: true,
        accountName: null,
        accountEmail: null,
        connectedAt: connected ? '2027-03-01T09:00:00.000Z' : null,
        broken: false,
        lastCopyAt: null,
        lastError: null,
        lastErrorAt: null,
        ...o.connection,
      };
    },
    async use<T>(call: (token: string) => Promise<T>) {
      if (!connected) throw new DropboxNotConnectedError('Dropbox is not connected');
      return call('access-token');
    },
    forget: () => undefined,
  };
  return { files, tokensUsed, cloud: cloud as unknown as CloudStorage, dropbox: access as unknown as DropboxAccess };
}

/** The context's key ring as a handler sees it: there, or failing to load with `keyError` (no key in production). */
export function backupKeys(keyError?: Error) {
  const context = { keyRing: async () => (keyError ? Promise.reject(keyError) : { current: 'backup-key' }) };
  return context as unknown as BackupContext;
}

/** The backups queue's job schedulers in Redis, by key; `failWith` makes reading them fail (Redis unreachable). */
export function schedulersQueue(keys: string[], failWith?: Error) {
  const queue = {
    async getJobSchedulers() {
      if (failWith) throw failWith;
      return keys.map((key) => ({ key, name: key }));
    },
  };
  return queue as unknown as TypedQueue<typeof QueueNames.backups>;
}
