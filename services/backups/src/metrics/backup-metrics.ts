import { epochSeconds, postgresGauge, sharedRead } from '@bleedkits/platform';

/**
 * The backups' health for Prometheus, read from backup_runs at each scrape (a restart or another replica reports
 * the same): when the newest good backup and the newest backup held in the cloud were made, and how many attempts
 * failed since the last success of each. A timestamp never reached reads 0 (no backup yet, no copy yet).
 */
type BackupHealth = { lastGoodAt: Date | null; lastCopiedAt: Date | null; backupFailures: number; copyFailures: number };

const read = sharedRead(async (db): Promise<BackupHealth> => {
  const [row] = (await db.query(
    `SELECT (SELECT max(coalesce(finished_at, created_at)) FROM backups.backup_runs WHERE status = 'success') AS "lastGoodAt",
            (SELECT max(coalesce(finished_at, created_at)) FROM backups.backup_runs WHERE cloud_status = 'uploaded') AS "lastCopiedAt",
            (SELECT count(*)::int FROM backups.backup_runs WHERE status = 'failed' AND created_at >
               coalesce((SELECT max(created_at) FROM backups.backup_runs WHERE status = 'success'), '-infinity')) AS "backupFailures",
            (SELECT count(*)::int FROM backups.backup_runs WHERE cloud_status = 'failed' AND created_at >
               coalesce((SELECT max(created_at) FROM backups.backup_runs WHERE cloud_status = 'uploaded'), '-infinity')) AS "copyFailures"`,
  )) as BackupHealth[];
  return row;
});

postgresGauge({
  name: 'bk_backup_last_success_timestamp_seconds',
  help: 'When the newest successful backup finished (Unix seconds; 0: none yet)',
  read: async (db) => {
    const { lastGoodAt } = await read(db);
    return [{ value: lastGoodAt ? epochSeconds(lastGoodAt) : 0 }];
  },
});

postgresGauge({
  name: 'bk_backup_last_cloud_copy_timestamp_seconds',
  help: 'When the newest backup that has a cloud copy was made (Unix seconds; 0: none yet): what survives losing the server',
  read: async (db) => {
    const { lastCopiedAt } = await read(db);
    return [{ value: lastCopiedAt ? epochSeconds(lastCopiedAt) : 0 }];
  },
});

postgresGauge({
  name: 'bk_backup_failures',
  help: 'Failed backups (kind="backup") and failed cloud copies (kind="cloud_copy") since the last success of each',
  labelNames: ['kind'],
  read: async (db) => {
    const { backupFailures, copyFailures } = await read(db);
    return [
      { labels: { kind: 'backup' }, value: backupFailures },
      { labels: { kind: 'cloud_copy' }, value: copyFailures },
    ];
  },
});
