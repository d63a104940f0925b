import type { BackupManifest } from './backup-manifest';

export class BackupChainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupChainError';
  }
}

/**
 * The files to restore to reach `target`: its full, then every incremental after it up to the target, in order.
 * Each incremental names its parent, so a missing or foreign link is caught before anything is written.
 */
export function chainTo<T extends { manifest: BackupManifest }>(target: T, available: readonly T[]): T[] {
  const byId = new Map(available.map((b) => [b.manifest.backupId, b]));
  const chain: T[] = [target];
  let current = target;
  while (current.manifest.kind === 'incremental') {
    const parentId = current.manifest.parentBackupId;
    const parent = parentId ? byId.get(parentId) : undefined;
    if (!parent) {
      throw new BackupChainError(
        `${current.manifest.fileName} is an incremental backup whose parent ${current.manifest.parentFileName ?? parentId} is not in the backup folder: ` +
          'copy it there (from the cloud copy) or restore an earlier backup',
      );
    }
    if (parent.manifest.fullBackupId !== current.manifest.fullBackupId) {
      throw new BackupChainError(`${current.manifest.fileName} does not belong to the chain of ${parent.manifest.fileName}`);
    }
    if (chain.length > 10_000) throw new BackupChainError('the backup chain loops');
    chain.unshift(parent);
    current = parent;
  }
  return chain;
}

/** The newest backup (by its own creation time); `latest` restores its chain. */
export function newest<T extends { manifest: BackupManifest }>(backups: readonly T[]): T | undefined {
  return [...backups].sort((a, b) => b.manifest.createdAt.localeCompare(a.manifest.createdAt))[0];
}
