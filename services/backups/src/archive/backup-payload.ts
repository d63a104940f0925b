import { Transform, type TransformCallback } from 'node:stream';
import type { BackupManifest } from '../domain/backup-manifest';

/**
 * What an archive holds once decrypted: the manifest (what kind of backup, its place in its chain, the table
 * checksums and sequence values at its snapshot), then the pg_dump archive.
 *
 *   manifest length u32 | manifest JSON (UTF-8) | pg_dump custom-format bytes
 */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

export function manifestPrefix(manifest: BackupManifest): Buffer {
  const json = Buffer.from(JSON.stringify(manifest), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length, 0);
  return Buffer.concat([length, json]);
}

/** Reads the manifest off the front of a decrypted payload and passes the dump bytes on. */
export class ManifestReader extends Transform {
  private head: Buffer = Buffer.alloc(0);
  private manifestValue: BackupManifest | null = null;

  get manifest(): BackupManifest | null {
    return this.manifestValue;
  }

  override _transform(data: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.manifestValue) {
      this.push(data);
      return done();
    }
    this.head = Buffer.concat([this.head, data]);
    if (this.head.length < 4) return done();
    const length = this.head.readUInt32BE(0);
    if (length > MAX_MANIFEST_BYTES) return done(new Error('the backup manifest is impossibly large'));
    if (this.head.length < 4 + length) return done();
    try {
      this.manifestValue = JSON.parse(this.head.subarray(4, 4 + length).toString('utf8')) as BackupManifest;
    } catch {
      return done(new Error('the backup manifest is not readable'));
    }
    const rest = this.head.subarray(4 + length);
    this.head = Buffer.alloc(0);
    if (rest.length) this.push(rest);
    done();
  }

  override _flush(done: TransformCallback): void {
    done(this.manifestValue ? undefined : new Error('the backup ends before its manifest'));
  }
}
