import type { Actor, CloudCopyStatus } from '@bleedkits/contracts';
import type { NewAuditEntry } from '@bleedkits/platform';
import type { EntityManager } from 'typeorm';
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

/** The backup history kept in a map, with the repository's rules (one row per run key, prune once, no upload recorded after a prune). */
export function backupRuns(initial: BackupRun[] = []) {
  const store = new Map(initial.map((r) => [r.id, { ...r }]));
  const runs = {
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
  return { store, runs: runs as unknown as BackupRunRepository };
}

/** Dropbox as the backups context sees it: the files there by path; `failWith` makes uploads (or removes) fail. */
export function dropboxDouble(o: { connected?: boolean; failUploadWith?: Error; failRemoveWith?: Error; beforeUploadEnds?: () => void } = {}) {
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
    usable: async () => connected,
    async use<T>(call: (token: string) => Promise<T>) {
      if (!connected) throw new DropboxNotConnectedError('Dropbox is not connected');
      return call('access-token');
    },
    forget: () => undefined,
  };
  return { files, tokensUsed, cloud: cloud as unknown as CloudStorage, dropbox: access as unknown as DropboxAccess };
}
