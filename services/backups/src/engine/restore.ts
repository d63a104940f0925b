import { once } from 'node:events';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectPgClient } from '@bleedkits/platform';
import type { BackupKey } from '../archive/encrypted-archive';
import { BackupChainError, chainTo, newest } from '../domain/backup-chain';
import type { BackupManifest } from '../domain/backup-manifest';
import { qualified, serverMajorOf } from '../postgres/database-snapshot';
import { locatePgTools, pgConnection, runTool, type PgTools } from '../postgres/pg-tools';
import { BackupFileError, decryptToFile, readManifest } from './backup-reader';

export const BACKUP_FILE_SUFFIX = '.bkb';

export type RestoreOptions = {
  /** A backup file, or 'latest' for the newest backup in `directory`. */
  source: string;
  /** Where the chain's other files are (default: the source file's folder). */
  directory?: string;
  keys: readonly BackupKey[];
  databaseUrl: string;
  /** Replace a target that is not empty (drops and recreates the database). */
  force: boolean;
  binDir?: string;
  log: (line: string) => void;
};
export type RestoreResult = { restored: BackupManifest[]; database: string };

/** The restore refused to touch the target; nothing was written. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

type Located = { file: string; manifest: BackupManifest };

async function backupFilesIn(directory: string): Promise<string[]> {
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new RestoreRefusedError(`The backup folder ${directory} does not exist.`);
    throw error;
  });
  return names.filter((n) => n.endsWith(BACKUP_FILE_SUFFIX)).map((n) => path.join(directory, n));
}

/** Which files to restore, in order: chosen and chained from their manifests before anything is decrypted whole. */
async function planChain(o: RestoreOptions): Promise<Located[]> {
  const latest = o.source === 'latest';
  const directory = o.directory ?? (latest ? undefined : path.dirname(path.resolve(o.source)));
  if (!directory) throw new RestoreRefusedError('No backup folder: set BACKUP_DIR or pass --dir.');
  const files = await backupFilesIn(directory);
  const located: Located[] = [];
  let target: Located | undefined;
  if (!latest) {
    target = { file: path.resolve(o.source), manifest: await readManifest(path.resolve(o.source), o.keys) };
    located.push(target);
  }
  for (const file of files) {
    if (target && path.resolve(file) === target.file) continue;
    try {
      located.push({ file, manifest: await readManifest(file, o.keys) });
    } catch (error) {
      // Choosing 'latest' past an unreadable file would silently restore something older: refuse instead.
      if (latest) throw error;
      o.log(`note: ignoring ${file} (${(error as Error).message})`);
    }
  }
  if (latest) {
    target = newest(located);
    if (!target) throw new RestoreRefusedError(`There are no backups (*${BACKUP_FILE_SUFFIX}) in ${directory}.`);
  }
  return chainTo(target!, located);
}

async function ensureDatabase(databaseUrl: string, log: (line: string) => void): Promise<void> {
  const { database } = pgConnection(databaseUrl);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = await connectPgClient({ connectionString: admin.toString() }, 'restore');
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) {
      log(`creating database ${database}`);
      await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
    }
  } finally {
    await client.end();
  }
}

/** What the target holds: user tables, views, sequences, and schemas other than public. */
async function contentsOf(databaseUrl: string): Promise<{ relations: number; schemas: string[] }> {
  const client = await connectPgClient({ connectionString: databaseUrl }, 'restore');
  try {
    const { rows } = await client.query<{ relations: string; schemas: string[] | null }>(
      `SELECT (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
                  AND n.nspname NOT LIKE 'pg\\_%') AS relations,
              (SELECT array_agg(nspname::text ORDER BY nspname) FROM pg_namespace
                WHERE nspname NOT IN ('public', 'information_schema') AND nspname NOT LIKE 'pg\\_%') AS schemas`,
    );
    return { relations: Number(rows[0].relations), schemas: rows[0].schemas ?? [] };
  } finally {
    await client.end();
  }
}

async function recreateDatabase(databaseUrl: string, log: (line: string) => void): Promise<void> {
  const { database } = pgConnection(databaseUrl);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = await connectPgClient({ connectionString: admin.toString() }, 'restore');
  try {
    const { rows } = await client.query<{ owner: string }>('SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1', [database]);
    const name = `"${database.replace(/"/g, '""')}"`;
    log(`--force: dropping and recreating database ${database}`);
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}${rows[0] ? ` OWNER "${rows[0].owner.replace(/"/g, '""')}"` : ''}`);
  } finally {
    await client.end();
  }
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * SQL around an incremental's data: its tables are emptied and refilled whole, with triggers (and so foreign-key
 * checks and ON DELETE actions) off, as pg_restore --disable-triggers does: an unchanged table may reference rows
 * that leave and come back, and no cascade may touch it. When the incremental is applied the database is again
 * exactly the state at its snapshot, which was consistent. Sequences are set to their values at the snapshot.
 */
function incrementalPrelude(m: BackupManifest): string {
  return ['SET session_replication_role = replica;', ...m.changedTables.map((t) => `DELETE FROM ${qualified(t.schema, t.table)};`), ''].join('\n');
}
function incrementalEpilogue(m: BackupManifest): string {
  const sequences = m.sequences.map(
    (s) => `SELECT pg_catalog.setval(${literal(qualified(s.schema, s.name))}::regclass, ${BigInt(s.lastValue).toString()}, ${s.isCalled});`,
  );
  return [...sequences, 'SET session_replication_role = DEFAULT;', ''].join('\n');
}
/** The history in the restored database shows the restored backup as it finished (its snapshot caught it running). */
function historyFixUp(m: BackupManifest, sizeBytes: number): string {
  return `DO $$ BEGIN
  IF to_regclass('backups.backup_runs') IS NOT NULL THEN
    UPDATE backups.backup_runs SET status = 'success', size_bytes = ${sizeBytes}, file_name = ${literal(m.fileName)}
     WHERE id = ${literal(m.backupId)}::uuid AND status = 'in_progress';
  END IF;
END $$;
`;
}

async function writeText(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream as unknown as NodeJS.EventEmitter, 'drain');
}

/** Streams the full's script and each incremental into one psql transaction: all of it lands, or none. */
async function apply(
  tools: PgTools,
  databaseUrl: string,
  steps: { manifest: BackupManifest; dumpFile: string | null; sizeBytes: number }[],
  log: (line: string) => void,
) {
  const psql = runTool(tools.psql, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', '-'], databaseUrl, ['pipe', 'ignore', 'pipe']);
  const stdin = psql.child.stdin!;
  stdin.on('error', () => undefined); // psql's own exit status tells what went wrong
  try {
    for (const [i, step] of steps.entries()) {
      const m = step.manifest;
      log(
        m.kind === 'full'
          ? `restoring ${i + 1}/${steps.length}: full backup ${m.fileName} (${m.createdAt})`
          : `applying ${i + 1}/${steps.length}: incremental ${m.fileName} (${m.createdAt}): ${m.changedTables.length} changed table(s)${m.changedTables.length ? `: ${m.changedTables.map((t) => `${t.schema}.${t.table}`).join(', ')}` : ''}`,
      );
      if (m.kind === 'incremental') await writeText(stdin, incrementalPrelude(m));
      if (step.dumpFile) {
        const script = runTool(tools.pgRestore, ['--file=-', step.dumpFile], null, ['ignore', 'pipe', 'pipe']);
        script.child.stdout!.pipe(stdin, { end: false });
        await Promise.all([once(script.child.stdout!, 'end'), script.done]);
      }
      if (m.kind === 'incremental') await writeText(stdin, incrementalEpilogue(m));
    }
    const last = steps[steps.length - 1];
    await writeText(stdin, historyFixUp(last.manifest, last.sizeBytes));
  } finally {
    stdin.end();
  }
  log('committing');
  await psql.done;
}

/**
 * Restores a backup (and, for an incremental, its full and every incremental before it) into a database. Every
 * file is decrypted and verified to its last byte before the target is touched; a target that is not empty is
 * refused unless `force`; the data goes in as one transaction.
 */
export async function restoreBackup(o: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const chain = await planChain(o).catch((error: unknown) => {
    if (error instanceof BackupChainError) throw new RestoreRefusedError(error.message);
    throw error;
  });
  o.log(
    `restoring ${chain[chain.length - 1].manifest.fileName}: ${chain.length} file(s) (a full${chain.length > 1 ? ` and ${chain.length - 1} incremental(s)` : ''})`,
  );
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'bleedkits-restore-'));
  try {
    const steps: { manifest: BackupManifest; dumpFile: string | null; sizeBytes: number }[] = [];
    for (const [i, link] of chain.entries()) {
      o.log(`verifying ${i + 1}/${chain.length}: ${link.file}`);
      const dumpFile = path.join(workDir, `${i}.dump`);
      const manifest = await decryptToFile(link.file, o.keys, dumpFile);
      if (manifest.backupId !== link.manifest.backupId)
        throw new BackupFileError(link.file, 'tampered', `Refusing ${link.file}: its contents changed while it was being read.`);
      const hasDump = manifest.kind === 'full' || manifest.changedTables.length > 0;
      steps.push({ manifest, dumpFile: hasDump ? dumpFile : null, sizeBytes: (await stat(link.file)).size });
    }
    o.log('all files verified');

    const { database } = pgConnection(o.databaseUrl);
    await ensureDatabase(o.databaseUrl, o.log);
    const contents = await contentsOf(o.databaseUrl);
    if (contents.relations > 0 || contents.schemas.length > 0) {
      if (!o.force) {
        throw new RestoreRefusedError(
          `The target database ${database} is not empty (${contents.relations} tables, views or sequences; schemas: ${contents.schemas.join(', ') || 'public'}). ` +
            'Stop every service that uses it and run again with --force to replace it, or restore into another database with --database.',
        );
      }
      await recreateDatabase(o.databaseUrl, o.log);
    }
    const tools = locatePgTools(await serverMajorOf(o.databaseUrl), o.binDir);
    await apply(tools, o.databaseUrl, steps, o.log);
    o.log(`restored ${database} to ${chain[chain.length - 1].manifest.createdAt} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { restored: steps.map((s) => s.manifest), database };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
