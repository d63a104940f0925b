import { spawnSync } from 'node:child_process';
import { locatePgTools, pgConnection } from '../../postgres/pg-tools';
import { serverMajorOf } from '../../postgres/database-snapshot';

/**
 * A plain-SQL dump of a whole database for comparing two of them. The backup history table is left out: it
 * describes the backups themselves and necessarily differs (a backup's snapshot shows it running). `schema` keeps
 * one schema only (a restore through the command line adds its audit entry to the backups schema).
 */
export async function plainDump(databaseUrl: string, only: { schema?: string } = {}): Promise<string> {
  const tools = locatePgTools(await serverMajorOf(databaseUrl));
  const { dbname, env } = pgConnection(databaseUrl);
  const schema = only.schema ? [`--schema=${only.schema}`] : [];
  const r = spawnSync(tools.pgDump, ['--format=plain', '--exclude-table-data=backups.backup_runs', ...schema, `--dbname=${dbname}`], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`pg_dump failed: ${r.stderr}`);
  // pg_dump 15.14+ brackets the script with a random \restrict key: not part of the data.
  return r.stdout.replace(/^\\(un)?restrict \S+$/gm, '');
}
