import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * The encrypted backup file: a plaintext header (magic, format version, key id, per-file salt, chunk size),
 * then the payload in AES-256-GCM chunks. Each chunk is authenticated with the header, its index and whether it
 * is the last one as associated data, so a flipped byte anywhere, reordered or dropped chunks, a cut-off end or
 * extra bytes after it are all detected. Streams both ways: a dump is never held in memory whole.
 *
 *   header: "BKBACKUP" | version u8 | key id length u8 | key id (ASCII) | salt (16) | chunk size u32
 *   chunk:  final u8 | length u32 | ciphertext | GCM tag (16)
 */
export const ARCHIVE_MAGIC = Buffer.from('BKBACKUP', 'ascii');
export const ARCHIVE_FORMAT_VERSION = 1;
export const DEFAULT_CHUNK_BYTES = 1024 * 1024;
const SALT_BYTES = 16;
const TAG_BYTES = 16;
const FRAME_HEAD_BYTES = 5;
const MAX_CHUNK_BYTES = 64 * 1024 * 1024;

/** A 32-byte key and the short id written into each file's header, so restore can name the key it needs. */
export type BackupKey = { id: string; secret: Buffer };

export type ArchiveFailure = 'not_a_backup' | 'unsupported_version' | 'wrong_key' | 'tampered' | 'truncated';

export class BackupArchiveError extends Error {
  constructor(
    readonly reason: ArchiveFailure,
    message: string,
  ) {
    super(message);
    this.name = 'BackupArchiveError';
  }
}

export function keyIdOf(secret: Buffer): string {
  return createHash('sha256').update('bleedkits backup key id\0').update(secret).digest('hex').slice(0, 16);
}

/** BACKUP_ENCRYPTION_KEY: 32 random bytes in base64 (`openssl rand -base64 32`). */
export function parseBackupKey(base64: string): BackupKey {
  const text = base64.trim();
  const secret = Buffer.from(text, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || secret.length !== 32) {
    throw new Error('BACKUP_ENCRYPTION_KEY must be 32 bytes in base64 (make one with: openssl rand -base64 32)');
  }
  return { id: keyIdOf(secret), secret };
}

function fileKey(secret: Buffer, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, salt, 'bleedkits backup file v1', 32));
}

function nonceOf(index: number): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeBigUInt64BE(BigInt(index), 4);
  return nonce;
}

function associatedData(header: Buffer, index: number, final: boolean): Buffer {
  const tail = Buffer.alloc(9);
  tail.writeBigUInt64BE(BigInt(index), 0);
  tail.writeUInt8(final ? 1 : 0, 8);
  return Buffer.concat([header, tail]);
}

function encodeHeader(keyId: string, salt: Buffer, chunkBytes: number): Buffer {
  const id = Buffer.from(keyId, 'ascii');
  const fixed = Buffer.alloc(2);
  fixed.writeUInt8(ARCHIVE_FORMAT_VERSION, 0);
  fixed.writeUInt8(id.length, 1);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(chunkBytes, 0);
  return Buffer.concat([ARCHIVE_MAGIC, fixed, id, salt, size]);
}

/** Encrypts a byte stream into the archive format. */
export class EncryptStream extends Transform {
  private readonly header: Buffer;
  private readonly key: Buffer;
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private index = 0;

  constructor(
    key: BackupKey,
    private readonly chunkBytes = DEFAULT_CHUNK_BYTES,
  ) {
    super();
    const salt = randomBytes(SALT_BYTES);
    this.header = encodeHeader(key.id, salt, chunkBytes);
    this.key = fileKey(key.secret, salt);
    this.push(this.header);
  }

  override _transform(data: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.buffered.push(data);
    this.bufferedBytes += data.length;
    // Strictly more than one chunk: only then is it certain that the chunk cut now is not the last.
    while (this.bufferedBytes > this.chunkBytes) {
      const all = Buffer.concat(this.buffered);
      this.seal(all.subarray(0, this.chunkBytes), false);
      const rest = all.subarray(this.chunkBytes);
      this.buffered = [rest];
      this.bufferedBytes = rest.length;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    this.seal(Buffer.concat(this.buffered), true);
    this.buffered = [];
    done();
  }

  private seal(plain: Buffer, final: boolean): void {
    const cipher = createCipheriv('aes-256-gcm', this.key, nonceOf(this.index));
    cipher.setAAD(associatedData(this.header, this.index, final));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const head = Buffer.alloc(FRAME_HEAD_BYTES);
    head.writeUInt8(final ? 1 : 0, 0);
    head.writeUInt32BE(body.length, 1);
    this.push(Buffer.concat([head, body, cipher.getAuthTag()]));
    this.index++;
  }
}

/** The plaintext header of an archive: readable without the key (which key it needs, and the format). */
export type ArchiveHeader = { version: number; keyId: string; salt: Buffer; chunkBytes: number; raw: Buffer };

/** Parses the header at the start of `data`; null when more bytes are needed. */
export function parseHeader(data: Buffer): ArchiveHeader | null {
  const magicLength = ARCHIVE_MAGIC.length;
  if (data.length >= magicLength && !data.subarray(0, magicLength).equals(ARCHIVE_MAGIC)) {
    throw new BackupArchiveError('not_a_backup', 'it is not a backup of the register (its first bytes are not a backup header)');
  }
  if (data.length < magicLength + 2) return null;
  const version = data.readUInt8(magicLength);
  if (version !== ARCHIVE_FORMAT_VERSION) {
    throw new BackupArchiveError('unsupported_version', `it is in backup format version ${version}, which this version of the register cannot read`);
  }
  const idLength = data.readUInt8(magicLength + 1);
  const end = magicLength + 2 + idLength + SALT_BYTES + 4;
  if (data.length < end) return null;
  const keyId = data.subarray(magicLength + 2, magicLength + 2 + idLength).toString('ascii');
  const salt = Buffer.from(data.subarray(magicLength + 2 + idLength, end - 4));
  const chunkBytes = data.readUInt32BE(end - 4);
  if (chunkBytes < 1 || chunkBytes > MAX_CHUNK_BYTES) throw new BackupArchiveError('tampered', 'its header is damaged (impossible chunk size)');
  return { version, keyId, salt, chunkBytes, raw: Buffer.from(data.subarray(0, end)) };
}

/**
 * Decrypts and verifies an archive. Fails with a BackupArchiveError on a foreign file, a key other than the
 * one it was made with, any altered byte, a cut-off end or bytes after the end: callers must treat what they
 * received so far as untrusted until the stream has finished without error.
 */
export class DecryptStream extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  private header: ArchiveHeader | null = null;
  private key: Buffer | null = null;
  private index = 0;
  private ended = false;

  constructor(private readonly keys: readonly BackupKey[]) {
    super();
  }

  /** The header, once read. */
  get archiveHeader(): ArchiveHeader | null {
    return this.header;
  }

  override _transform(data: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.pending = this.pending.length ? Buffer.concat([this.pending, data]) : data;
      this.drain();
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    if (!this.header)
      return done(new BackupArchiveError('truncated', this.pending.length === 0 ? 'it is empty' : 'it is truncated (it ends inside its header)'));
    if (!this.ended) return done(new BackupArchiveError('truncated', `it is truncated (it ends after ${this.index} chunks, before its last one)`));
    done();
  }

  private drain(): void {
    if (!this.header) {
      const header = parseHeader(this.pending);
      if (!header) return;
      const key = this.keys.find((k) => k.id === header.keyId);
      if (!key) {
        const known = this.keys.map((k) => k.id).join(', ') || 'none';
        throw new BackupArchiveError(
          'wrong_key',
          `it was encrypted with key ${header.keyId}, but the key given is ${known}: set BACKUP_ENCRYPTION_KEY to the key the backup was made with`,
        );
      }
      this.header = header;
      this.key = fileKey(key.secret, header.salt);
      this.pending = this.pending.subarray(header.raw.length);
    }
    while (this.pending.length > 0) {
      if (this.ended) throw new BackupArchiveError('tampered', 'it has bytes after its last chunk (the file was altered)');
      if (this.pending.length < FRAME_HEAD_BYTES) return;
      const final = this.pending.readUInt8(0);
      const length = this.pending.readUInt32BE(1);
      if (final > 1 || length > this.header.chunkBytes)
        throw new BackupArchiveError('tampered', `chunk ${this.index + 1} is damaged (the file was altered)`);
      const frameLength = FRAME_HEAD_BYTES + length + TAG_BYTES;
      if (this.pending.length < frameLength) return;
      const body = this.pending.subarray(FRAME_HEAD_BYTES, FRAME_HEAD_BYTES + length);
      const tag = this.pending.subarray(FRAME_HEAD_BYTES + length, frameLength);
      const decipher = createDecipheriv('aes-256-gcm', this.key!, nonceOf(this.index));
      decipher.setAAD(associatedData(this.header.raw, this.index, final === 1));
      decipher.setAuthTag(tag);
      let plain: Buffer;
      try {
        plain = Buffer.concat([decipher.update(body), decipher.final()]);
      } catch {
        throw new BackupArchiveError(
          'tampered',
          `chunk ${this.index + 1} failed its integrity check: the file was altered or damaged, or the key is not the one it was made with`,
        );
      }
      this.pending = this.pending.subarray(frameLength);
      this.index++;
      if (final === 1) this.ended = true;
      if (plain.length) this.push(plain);
    }
  }
}
