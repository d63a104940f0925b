import path from 'node:path';
import { parseBackupKey, type BackupKey } from '../archive/encrypted-archive';
import { BackupKeyRing } from '../keys/backup-keys';
import { restoreBackup } from '../engine/restore';
import { recordRestore, restoreOperator } from './record-restore';

const USAGE = `usage: npm run restore -- <file | latest> [--database <url>] [--dir <backup folder>] [--force]

  <file>       a backup file (*.bkb); an incremental brings its full and the incrementals before it from its folder
  latest       the newest backup in the backup folder
  --database   the database to restore into (default DATABASE_URL); created when it does not exist
  --dir        the backup folder (default BACKUP_DIR, else .data/backups)
  --force      replace a database that is not empty (it is dropped and created again)

The key comes from BACKUP_ENCRYPTION_KEY (plus BACKUP_PREVIOUS_KEYS); without one, the development key in the folder.
Afterwards 'restore.started' is written to the restored database's audit trail, as $SUDO_USER or $USER at this host.`;

function parseArgs(argv: string[]) {
  const out: { source?: string; database?: string; dir?: string; force: boolean } = { force: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--force') out.force = true;
    else if (a === '--database' || a === '--dir') {
      const value = argv[++i];
      if (!value) throw new Error(`${a} needs a value`);
      if (a === '--database') out.database = value;
      else out.dir = value;
    } else if (a === '--help' || a === '-h') throw new Error('help');
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else if (out.source) throw new Error(`one backup at a time (got ${out.source} and ${a})`);
    else out.source = a;
  }
  if (!out.source) throw new Error('name a backup file, or latest');
  return out;
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message === 'help' ? USAGE : `${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const env = process.env;
  const dir = path.resolve(args.dir ?? env.BACKUP_DIR ?? path.join('.data', 'backups'));
  const databaseUrl = args.database ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bleedkits';
  let keys: readonly BackupKey[];
  if (env.BACKUP_ENCRYPTION_KEY) {
    keys = [
      parseBackupKey(env.BACKUP_ENCRYPTION_KEY),
      ...(env.BACKUP_PREVIOUS_KEYS ?? '')
        .split(',')
        .filter((k) => k.trim())
        .map(parseBackupKey),
    ];
  } else {
    console.log(`[restore] BACKUP_ENCRYPTION_KEY is not set: using the development key in ${dir}`);
    keys = (await BackupKeyRing.load({ directory: dir, production: false, previousKeys: env.BACKUP_PREVIOUS_KEYS })).readable;
  }
  const shown = new URL(databaseUrl);
  shown.password = shown.password ? '***' : '';
  console.log(`[restore] ${args.source} into ${shown.toString()}${args.force ? ' (--force)' : ''}`);
  const source = args.source!;
  let restored: Awaited<ReturnType<typeof restoreBackup>>;
  try {
    restored = await restoreBackup({
      source: source === 'latest' ? 'latest' : path.resolve(source),
      directory: source === 'latest' || args.dir ? dir : undefined,
      keys,
      databaseUrl,
      force: args.force,
      binDir: env.BACKUP_PG_BIN_DIR,
      log: (line) => console.log(`[restore] ${line}`),
    });
  } catch (error) {
    console.error(`[restore] FAILED, nothing was restored: ${(error as Error).message}`);
    return 1;
  }
  const last = restored.restored[restored.restored.length - 1];
  try {
    await recordRestore({ databaseUrl, restored: last, operator: restoreOperator(), log: (line) => console.log(`[restore] ${line}`) });
  } catch (error) {
    // The data is back; saying FAILED here would invite a second restore. The missing entry is said plainly instead.
    console.error(`[restore] WARNING: restored, but 'restore.started' was not written to the audit trail: ${(error as Error).message}`);
  }
  console.log('[restore] done: start the services again');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
