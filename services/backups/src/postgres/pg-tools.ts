import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The PostgreSQL client programs a backup and a restore run, all of one version that can read the server. */
export type PgTools = { pgDump: string; pgRestore: string; psql: string; major: number; version: string };

export class PgToolsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PgToolsError';
  }
}

function versionOf(pgDump: string): { major: number; version: string } | null {
  const r = spawnSync(pgDump, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const m = r.status === 0 ? /(\d+)(?:\.(\d+))?/.exec(r.stdout) : null;
  return m ? { major: Number(m[1]), version: r.stdout.trim() } : null;
}

/**
 * Finds pg_dump, pg_restore and psql that can dump the server: `binDir` when given (BACKUP_PG_BIN_DIR), else
 * Debian's /usr/lib/postgresql/<server major>/bin, else PATH. pg_dump refuses a server newer than itself, so an
 * older client is refused here with the package to install.
 */
export function locatePgTools(serverMajor: number, binDir?: string): PgTools {
  const dirs = binDir ? [binDir] : [`/usr/lib/postgresql/${serverMajor}/bin`, ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  const seen: string[] = [];
  for (const dir of dirs) {
    const pgDump = path.join(dir, 'pg_dump');
    if (!existsSync(pgDump)) continue;
    const v = versionOf(pgDump);
    if (!v) continue;
    seen.push(v.version);
    if (v.major < serverMajor) continue;
    const pgRestore = path.join(dir, 'pg_restore');
    const psql = path.join(dir, 'psql');
    if (!existsSync(pgRestore) || !existsSync(psql)) continue;
    return { pgDump, pgRestore, psql, major: v.major, version: v.version };
  }
  const found = seen.length ? `found only ${seen.join(', ')}` : 'pg_dump was not found';
  throw new PgToolsError(
    `Backups need pg_dump, pg_restore and psql of PostgreSQL ${serverMajor} or newer to dump this PostgreSQL ${serverMajor} server: ${found}. ` +
      `Install postgresql-client-${serverMajor} (Debian/Ubuntu) or set BACKUP_PG_BIN_DIR to the folder that holds them.`,
  );
}

/** Connection settings for the client programs: the password travels in the environment, never on the command line. */
export function pgConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv; database: string } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = {};
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env, database: decodeURIComponent(url.pathname.replace(/^\//, '')) };
}

export type RunningTool = { child: ChildProcess; done: Promise<void> };

/**
 * Starts a client program; `done` rejects with its stderr when it exits non-zero (a pg_dump that fails half way
 * must fail the backup, not leave a short file that looks complete).
 */
export function runTool(
  command: string,
  args: string[],
  databaseUrl: string | null,
  stdio: ['ignore' | 'pipe', 'pipe' | 'ignore', 'pipe'],
): RunningTool {
  const connection = databaseUrl ? pgConnection(databaseUrl) : null;
  const child = spawn(command, connection ? [...args, `--dbname=${connection.dbname}`] : args, {
    env: { ...process.env, ...connection?.env, PGAPPNAME: 'bleedkits-backups' },
    stdio,
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (d: string) => {
    if (stderr.length < 20_000) stderr += d;
  });
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} failed (${signal ?? `exit ${code}`}): ${stderr.trim().slice(0, 2000)}`));
    });
  });
  return { child, done };
}
