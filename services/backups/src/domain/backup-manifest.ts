/** A table of the register's database and a checksum of its contents at a backup's snapshot. */
export type TableState = { schema: string; table: string; checksum: string };
export type TableName = { schema: string; table: string };
/** A sequence's value at the snapshot (bigint as text). */
export type SequenceState = { schema: string; name: string; lastValue: string; isCalled: boolean };

export type BackupKind = 'full' | 'incremental';

/**
 * What a backup file says about itself (encrypted with it). A full holds the whole database; an incremental
 * holds only `changedTables` (whole contents) and the sequence values, and restores on top of its parent.
 */
export type BackupManifest = {
  manifestVersion: 1;
  backupId: string;
  kind: BackupKind;
  createdAt: string;
  fileName: string;
  /** The full this backup's chain starts with (itself for a full). */
  fullBackupId: string;
  /** The backup this incremental applies on top of (null for a full). */
  parentBackupId: string | null;
  parentFileName: string | null;
  /** sha-256 of the schema-only dump: an incremental is only possible while it is unchanged. */
  schemaFingerprint: string;
  /** Every table at the snapshot, for the next incremental's comparison. */
  tables: TableState[];
  /** Incremental: the tables this file holds. Full: empty (it holds everything). */
  changedTables: TableName[];
  sequences: SequenceState[];
  database: string;
  serverVersion: string;
  pgDumpVersion: string;
};

export const tableKey = (t: TableName): string => `${t.schema}.${t.table}`;

/** The tables whose contents differ from the previous backup's (new tables included). */
export function changedSince(previous: readonly TableState[], current: readonly TableState[]): TableName[] {
  const before = new Map(previous.map((t) => [tableKey(t), t.checksum]));
  return current.filter((t) => before.get(tableKey(t)) !== t.checksum).map(({ schema, table }) => ({ schema, table }));
}

/** Tables that existed in the previous backup and are gone now: only a schema change does that, so a full follows. */
export function tablesDropped(previous: readonly TableState[], current: readonly TableState[]): boolean {
  const now = new Set(current.map(tableKey));
  return previous.some((t) => !now.has(tableKey(t)));
}
