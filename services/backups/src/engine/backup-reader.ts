import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { BackupArchiveError, DecryptStream, type BackupKey } from '../archive/encrypted-archive';
import { ManifestReader } from '../archive/backup-payload';
import type { BackupManifest } from '../domain/backup-manifest';

/** A backup file could not be used; the message names the file and says why, in words an operator can act on. */
export class BackupFileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'BackupFileError';
  }
}

function explain(file: string, error: unknown): BackupFileError {
  if (error instanceof BackupFileError) return error;
  if (error instanceof BackupArchiveError) return new BackupFileError(file, error.reason, `Refusing ${file}: ${error.message}.`);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new BackupFileError(file, 'missing', `Refusing ${file}: no such file.`);
  return new BackupFileError(file, 'unreadable', `Refusing ${file}: ${(error as Error).message}.`);
}

/** Reads just the manifest (the first chunk or so): enough to choose and chain backups. Not a verification. */
export async function readManifest(file: string, keys: readonly BackupKey[]): Promise<BackupManifest> {
  const reader = new ManifestReader();
  const enough = new Error('manifest read');
  try {
    await pipeline(
      createReadStream(file),
      new DecryptStream(keys),
      reader,
      new Writable({ write: (_chunk, _enc, done) => done(reader.manifest ? enough : undefined) }),
    );
  } catch (error) {
    if (error !== enough) throw explain(file, error);
  }
  return reader.manifest!;
}

/**
 * Decrypts a whole file, verifying every chunk, into `dumpFile` (the pg_dump archive, mode 0600). Resolves with
 * the manifest only when the file verified to its last byte; a tampered, truncated or wrong-key file rejects.
 */
export async function decryptToFile(file: string, keys: readonly BackupKey[], dumpFile: string): Promise<BackupManifest> {
  const reader = new ManifestReader();
  try {
    await pipeline(createReadStream(file), new DecryptStream(keys), reader, createWriteStream(dumpFile, { mode: 0o600 }));
  } catch (error) {
    throw explain(file, error);
  }
  return reader.manifest!;
}

/** Verifies a whole file without keeping anything. */
export async function verifyFile(file: string, keys: readonly BackupKey[]): Promise<BackupManifest> {
  const reader = new ManifestReader();
  try {
    await pipeline(
      createReadStream(file),
      new DecryptStream(keys),
      reader,
      new Writable({
        write: (_chunk, _enc, done) => done(),
      }),
    );
  } catch (error) {
    throw explain(file, error);
  }
  return reader.manifest!;
}
