import type { INestMicroservice } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BackupPage } from '@bleedkits/contracts';
import { BackupsSubjects } from '@bleedkits/contracts/wire';
import { type TestBed, createTestBed } from '@bleedkits/platform/testing';
import { readBackupsEnv } from '../src/config/env';
import { BackupsModule, type BackupsModuleOptions } from '../src/backups.module';
import { type DropboxFake, startDropboxFake } from '../src/providers/cloud-storage/testing/dropbox-fake';

export type BackupsHarness = {
  bed: TestBed;
  dir: string;
  key: string;
  dropbox: DropboxFake;
  /** The environment of a backups replica of this bed. */
  env: Record<string, string>;
  /** Starts one more backups replica in-process. */
  startReplica(extraEnv?: Record<string, string>, options?: BackupsModuleOptions): Promise<INestMicroservice>;
  /** Backup files in the folder. */
  files(): Promise<string[]>;
  history(page?: number, limit?: number): Promise<BackupPage>;
  close(): Promise<void>;
};

/** A bed for the backups context: a private backup folder, a key, a Dropbox fake on 127.0.0.1. */
export async function startBackupsHarness(name: string, before?: (bed: TestBed) => Promise<void>): Promise<BackupsHarness> {
  const bed = await createTestBed(name, 10_000);
  await before?.(bed);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bk-backups-'));
  const key = randomBytes(32).toString('base64');
  const dropbox = await startDropboxFake();
  const env = {
    ...bed.env,
    BACKUP_ENCRYPTION_KEY: key,
    BACKUP_DIR: dir,
    DROPBOX_API_URL: dropbox.url,
    DROPBOX_CONTENT_URL: dropbox.url,
    DROPBOX_UPLOAD_CHUNK_BYTES: '65536',
  };
  return {
    bed,
    dir,
    key,
    dropbox,
    env,
    startReplica: (extraEnv = {}, options = {}) => bed.start('backups', BackupsModule.forRoot(readBackupsEnv({ ...env, ...extraEnv }), options)),
    files: async () => (await readdir(dir)).filter((f) => f.endsWith('.bkb')).sort(),
    history: (page = 1, limit = 100) => bed.bus.request(BackupsSubjects.list, { page, limit }),
    async close() {
      await bed.close();
      await dropbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
