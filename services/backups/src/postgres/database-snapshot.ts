import type { Client } from 'pg';
import { connectPgClient } from '@bleedkits/platform';
import type { SequenceState, TableState } from '../domain/backup-manifest';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

/** User schemas: not the catalogs, toast or temporary ones. */
const USER_SCHEMA = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'`;
/** Objects that belong to an extension are dumped by CREATE EXTENSION, not as data. */
const NOT_EXTENSION_MEMBER = `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')`;

/**
 * One repeatable-read, read-only transaction whose snapshot is exported, so that the table checksums, the
 * sequence values and pg_dump (`--snapshot`) all see the database at the same instant. Held open until the
 * dump has finished.
 */
export class DatabaseSnapshot {
  private constructor(
    private readonly client: Client,
    readonly id: string,
    readonly serverVersion: string,
    readonly serverMajor: number,
  ) {}

  static async open(databaseUrl: string): Promise<DatabaseSnapshot> {
    const client = await connectPgClient({ connectionString: databaseUrl, application_name: 'bleedkits-backups' }, 'backup snapshot');
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const { rows } = await client.query<{ id: string; version: string; num: string }>(
        "SELECT pg_export_snapshot() AS id, current_setting('server_version') AS version, current_setting('server_version_num') AS num",
      );
      return new DatabaseSnapshot(client, rows[0].id, rows[0].version, Math.floor(Number(rows[0].num) / 10_000));
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  /**
   * Every user table with a checksum of its contents: the row count and two 60-bit sums of the rows' md5
   * (order-independent, so no sort and no primary key needed; one sequential scan per table).
   */
  async tables(): Promise<TableState[]> {
    const { rows: tables } = await this.client.query<{ schema: string; table: string }>(
      `SELECT n.nspname AS schema, c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND ${USER_SCHEMA} AND ${NOT_EXTENSION_MEMBER} ORDER BY 1, 2`,
    );
    const states: TableState[] = [];
    for (const { schema, table } of tables) {
      const { rows } = await this.client.query<{ checksum: string }>(
        `SELECT count(*) || ':' || coalesce(sum(('x' || substr(h, 1, 15))::bit(60)::bigint), 0) || ':' ||
                coalesce(sum(('x' || substr(h, 16, 15))::bit(60)::bigint), 0) AS checksum
           FROM (SELECT md5(t::text) AS h FROM ONLY ${qualified(schema, table)} AS t) AS r`,
      );
      states.push({ schema, table, checksum: rows[0].checksum });
    }
    return states;
  }

  async sequences(): Promise<SequenceState[]> {
    const { rows: sequences } = await this.client.query<{ schema: string; name: string }>(
      `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'S' AND ${USER_SCHEMA} AND ${NOT_EXTENSION_MEMBER} ORDER BY 1, 2`,
    );
    const states: SequenceState[] = [];
    for (const { schema, name } of sequences) {
      const { rows } = await this.client.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text, is_called FROM ${qualified(schema, name)}`,
      );
      states.push({ schema, name, lastValue: rows[0].last_value, isCalled: rows[0].is_called });
    }
    return states;
  }

  async close(): Promise<void> {
    try {
      await this.client.query('COMMIT');
    } finally {
      await this.client.end();
    }
  }
}

/** The server's major version, for choosing client programs that can dump it. */
export async function serverMajorOf(databaseUrl: string): Promise<number> {
  const client = await connectPgClient({ connectionString: databaseUrl }, 'server version');
  try {
    const { rows } = await client.query<{ num: string }>("SELECT current_setting('server_version_num') AS num");
    return Math.floor(Number(rows[0].num) / 10_000);
  } finally {
    await client.end();
  }
}
