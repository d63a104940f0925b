import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BackupKey, parseBackupKey } from '../archive/encrypted-archive';

export const DEVELOPMENT_KEY_FILE = 'development.key';

/**
 * The keys a backups process holds: the one it encrypts with (BACKUP_ENCRYPTION_KEY) and older ones it can still
 * read. Outside production with no key set, a random development key is made once in the backup folder (and the
 * restore command finds it there), so local backups are encrypted too; production refuses to start without one.
 */
export class BackupKeyRing {
  private constructor(
    readonly current: BackupKey,
    readonly readable: readonly BackupKey[],
    readonly development: boolean,
  ) {}

  static async load(o: { key?: string; previousKeys?: string; directory: string; production: boolean }): Promise<BackupKeyRing> {
    const previous = (o.previousKeys ?? '')
      .split(',')
      .filter((k) => k.trim())
      .map(parseBackupKey);
    if (o.key) {
      const current = parseBackupKey(o.key);
      return new BackupKeyRing(current, [current, ...previous], false);
    }
    if (o.production) throw new Error('BACKUP_ENCRYPTION_KEY is required in production');
    const file = path.join(o.directory, DEVELOPMENT_KEY_FILE);
    await mkdir(o.directory, { recursive: true, mode: 0o700 });
    try {
      await writeFile(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = parseBackupKey(await readFile(file, 'utf8'));
    return new BackupKeyRing(current, [current, ...previous], true);
  }

  private secretKey(purpose: string, key: BackupKey): Buffer {
    return Buffer.from(hkdfSync('sha256', key.secret, Buffer.alloc(0), `bleedkits ${purpose} v1`, 32));
  }

  /** A small secret at rest (the Dropbox token): AES-256-GCM under a key derived for the purpose, tagged with the key id. */
  seal(purpose: string, plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.secretKey(purpose, this.current), iv);
    cipher.setAAD(Buffer.from(purpose));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${this.current.id}:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64')}`;
  }

  /** Null when the secret was sealed under a key this process does not hold, or was altered. */
  open(purpose: string, sealed: string): string | null {
    const [version, keyId, data] = sealed.split(':');
    const key = this.readable.find((k) => k.id === keyId);
    if (version !== 'v1' || !key || !data) return null;
    const bytes = Buffer.from(data, 'base64');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.secretKey(purpose, key), bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
