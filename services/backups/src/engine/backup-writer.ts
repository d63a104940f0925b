import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EncryptStream, type BackupKey } from '../archive/encrypted-archive';
import { manifestPrefix } from '../archive/backup-payload';
import { type BackupKind, type BackupManifest, type TableState, changedSince, tablesDropped } from '../domain/backup-manifest';
import { DatabaseSnapshot, qualified } from '../postgres/database-snapshot';
import { type PgTools, pgConnection, runTool } from '../postgres/pg-tools';

/** The backup an incremental builds on: the last successful one of the current chain. */
export type ParentBackup = { id: string; fileName: string; fullBackupId: string; tables: TableState[]; schemaFingerprint: string };

export type WriteBackupOptions = {
  databaseUrl: string;
  tools: PgTools;
  key: BackupKey;
  directory: string;
  backupId: string;
  createdAt: Date;
  requested: BackupKind;
  /** Null: no usable parent, so the backup is a full whatever was asked. */
  parent: ParentBackup | null;
  fileNameFor: (kind: BackupKind) => string;
  chunkBytes?: number;
};

/** A backup file being written; renamed to its final name only once complete. */
export const PARTIAL_SUFFIX = '.partial';

export type WrittenBackup = { manifest: BackupManifest; filePath: string; sizeBytes: number };

/** pg_dump's pattern syntax: a double-quoted name matches exactly. */
const tablePattern = (schema: string, table: string) => qualified(schema, table);

async function schemaFingerprint(tools: PgTools, databaseUrl: string, snapshotId: string): Promise<string> {
  const dump = runTool(tools.pgDump, ['--schema-only', `--snapshot=${snapshotId}`, '--no-comments'], databaseUrl, ['ignore', 'pipe', 'pipe']);
  const chunks: Buffer[] = [];
  for await (const chunk of dump.child.stdout!) chunks.push(chunk as Buffer);
  await dump.done;
  // pg_dump 15.14+ brackets its script with a random \restrict key; the schema is what lies between.
  const schema = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\\(un)?restrict \S+$/gm, '');
  return createHash('sha256').update(schema).digest('hex');
}

/**
 * Writes one encrypted backup file: a full pg_dump (custom format) of the whole database, or an incremental
 * holding only the tables whose checksum changed since `parent` (the whole contents of each; a table that lost
 * rows is in it too, so deletes restore). If the schema changed since the parent, an incremental cannot express
 * it and the backup becomes a full, and says so. The dump streams from pg_dump through the cipher into a
 * `.partial` file that is renamed only once pg_dump has exited cleanly.
 */
export async function writeBackup(o: WriteBackupOptions): Promise<WrittenBackup> {
  const snapshot = await DatabaseSnapshot.open(o.databaseUrl);
  let partial: string | null = null;
  try {
    const fingerprint = await schemaFingerprint(o.tools, o.databaseUrl, snapshot.id);
    const tables = await snapshot.tables();
    const sequences = await snapshot.sequences();
    const parent = o.parent;
    const incremental =
      o.requested === 'incremental' && parent !== null && parent.schemaFingerprint === fingerprint && !tablesDropped(parent.tables, tables);
    const kind: BackupKind = incremental ? 'incremental' : 'full';
    const changedTables = incremental ? changedSince(parent.tables, tables) : [];
    const fileName = o.fileNameFor(kind);
    const manifest: BackupManifest = {
      manifestVersion: 1,
      backupId: o.backupId,
      kind,
      createdAt: o.createdAt.toISOString(),
      fileName,
      fullBackupId: incremental ? parent.fullBackupId : o.backupId,
      parentBackupId: incremental ? parent.id : null,
      parentFileName: incremental ? parent.fileName : null,
      schemaFingerprint: fingerprint,
      tables,
      changedTables,
      sequences,
      database: pgConnection(o.databaseUrl).database,
      serverVersion: snapshot.serverVersion,
      pgDumpVersion: o.tools.version,
    };

    const args = ['--format=custom', `--snapshot=${snapshot.id}`];
    if (incremental) args.push('--data-only', ...changedTables.flatMap((t) => ['--table', tablePattern(t.schema, t.table)]));
    const dump = kind === 'full' || changedTables.length > 0 ? runTool(o.tools.pgDump, args, o.databaseUrl, ['ignore', 'pipe', 'pipe']) : null;

    async function* payload(): AsyncGenerator<Buffer> {
      yield manifestPrefix(manifest);
      if (dump) for await (const chunk of dump.child.stdout!) yield chunk as Buffer;
    }
    const filePath = path.join(o.directory, fileName);
    partial = `${filePath}${PARTIAL_SUFFIX}`;
    const [written, dumped] = await Promise.allSettled([
      pipeline(Readable.from(payload()), new EncryptStream(o.key, o.chunkBytes), createWriteStream(partial, { mode: 0o600 })),
      dump?.done ?? Promise.resolve(),
    ]);
    // pg_dump's own error says more than the broken pipe it causes.
    if (dumped.status === 'rejected') throw dumped.reason;
    if (written.status === 'rejected') throw written.reason;
    await rename(partial, filePath);
    partial = null;
    const { size } = await stat(filePath);
    return { manifest, filePath, sizeBytes: size };
  } finally {
    if (partial) await rm(partial, { force: true });
    await snapshot.close().catch(() => undefined);
  }
}
