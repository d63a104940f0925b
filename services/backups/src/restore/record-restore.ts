import os from 'node:os';
import { DataSource } from 'typeorm';
import { ensureSchema } from '@bleedkits/platform';
import { BackupsAuditTrail } from '../database/backups-audit-trail';
import { contextMigrations } from '../database/migrations';
import type { BackupManifest } from '../domain/backup-manifest';

/**
 * Who ran the restore: an operator at a shell, not a signed-in admin, so no user id and no role; named by their login
 * (the one behind sudo when there is one) at this machine.
 */
export function restoreOperator(env: NodeJS.ProcessEnv = process.env, host = os.hostname()): string {
  return `${env.SUDO_USER || env.USER || env.USERNAME || 'operator'}@${host}`;
}

/**
 * Writes 'restore.started' into the restored database's own trail, after the restore: the restore replaced every
 * table, the trail's too, so an entry written before it would be gone. A dump taken before the trail existed gets the
 * backups context's migrations first, as the service would run them at its next start (same lock, same table of
 * migrations), so the restore is never left unrecorded (docs/decisions.md, "The audit trail").
 */
export async function recordRestore(o: {
  databaseUrl: string;
  /** The backup restored (the last of its chain). */
  restored: Pick<BackupManifest, 'backupId' | 'fileName' | 'createdAt'>;
  operator: string;
  log: (line: string) => void;
}): Promise<void> {
  await ensureSchema(o.databaseUrl, 'backups');
  const db = await new DataSource({
    type: 'postgres',
    url: o.databaseUrl,
    schema: 'backups',
    entities: [],
    migrations: contextMigrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    extra: { max: 2, application_name: 'backups-restore' },
  }).initialize();
  try {
    const runner = db.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock(hashtext($1))', ['migrations:backups']);
      const ran = await db.runMigrations({ transaction: 'each' });
      if (ran.length)
        o.log(`the backup predates ${ran.length} backups migration(s); ran them to record the restore: ${ran.map((m) => m.name).join(', ')}`);
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', ['migrations:backups']).catch(() => undefined);
      await runner.release();
    }
    // An operator at a shell, not a user of the register: no user id, no role.
    const actor = { id: null, email: o.operator, role: null };
    await new BackupsAuditTrail(db).record(db.manager, {
      actor,
      action: 'restore.started',
      target: { type: 'backup', id: o.restored.backupId, label: o.restored.fileName },
      after: { file: o.restored.fileName, takenAt: o.restored.createdAt },
    });
    o.log(`recorded in the audit trail as ${o.operator}`);
  } finally {
    await db.destroy();
  }
}
