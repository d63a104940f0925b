import { Inject, Injectable, Logger } from '@nestjs/common';
import { mkdir } from 'node:fs/promises';
import { BACKUPS_ENV, type BackupsEnv } from './config/env';
import { BackupKeyRing } from './keys/backup-keys';
import { serverMajorOf } from './postgres/database-snapshot';
import { locatePgTools, type PgTools } from './postgres/pg-tools';

/**
 * What every backup use case needs once per process, found lazily so that a missing client program or key
 * fails the backup that needs it (with the reason in the history) rather than the whole process.
 */
@Injectable()
export class BackupContext {
  private readonly logger = new Logger('backups');
  private keys: Promise<BackupKeyRing> | null = null;
  private tools: Promise<PgTools> | null = null;

  constructor(@Inject(BACKUPS_ENV) readonly env: BackupsEnv) {}

  keyRing(): Promise<BackupKeyRing> {
    this.keys ??= mkdir(this.env.BACKUP_DIR, { recursive: true, mode: 0o700 })
      .then(() =>
        BackupKeyRing.load({
          key: this.env.BACKUP_ENCRYPTION_KEY,
          previousKeys: this.env.BACKUP_PREVIOUS_KEYS,
          directory: this.env.BACKUP_DIR,
          production: this.env.NODE_ENV === 'production',
        }),
      )
      .then((ring) => {
        if (ring.development) this.logger.warn(`BACKUP_ENCRYPTION_KEY is not set: backups use the development key in ${this.env.BACKUP_DIR}`);
        return ring;
      });
    this.keys.catch(() => (this.keys = null));
    return this.keys;
  }

  pgTools(): Promise<PgTools> {
    this.tools ??= serverMajorOf(this.env.DATABASE_URL).then((major) => locatePgTools(major, this.env.BACKUP_PG_BIN_DIR));
    this.tools.catch(() => (this.tools = null));
    return this.tools;
  }

  remotePath(fileName: string): string {
    return `${this.env.DROPBOX_FOLDER.replace(/\/$/, '')}/${fileName}`;
  }
}
