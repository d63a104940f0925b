import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@bleedkits/platform/testing';
import { CloudTokenError } from './cloud-storage';
import { DropboxCloudStorage } from './dropbox-cloud-storage';
import { type DropboxFake, startDropboxFake } from './testing/dropbox-fake';

describe(DropboxCloudStorage.name, () => {
  let fake: DropboxFake;
  let dropbox: DropboxCloudStorage;
  let dir: string;
  const token = 'sl.fake-token-with-every-scope-0123456789';
  const readOnly = 'sl.fake-token-that-can-only-read-0123456789';

  beforeAll(async () => {
    fake = await startDropboxFake();
    fake.addToken(token);
    fake.addToken(readOnly, ['files.metadata.read', 'files.content.read']);
    dropbox = new DropboxCloudStorage({ apiUrl: fake.url, contentUrl: fake.url, chunkBytes: 64 * 1024, timeoutMs: 5000 });
    dir = await mkdtemp(path.join(os.tmpdir(), 'bk-dropbox-'));
  });
  afterAll(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => (fake.calls.length = 0));

  const localFile = async (name: string, bytes: number) => {
    const file = path.join(dir, name);
    const content = randomBytes(bytes);
    await writeFile(file, content);
    return { file, content };
  };

  it('uploads a small file in one files/upload call', async () => {
    const { file, content } = await localFile('small.bkb', 10_000);
    await dropbox.upload(token, file, '/bleedkits-backups/small.bkb');
    expect(fake.calls).toEqual(['files/upload']);
    expect(fake.files.get('/bleedkits-backups/small.bkb')).toEqual(content);
  });

  it('uploads a file over the single-call size through an upload session, byte for byte', async () => {
    const { file, content } = await localFile('large.bkb', 64 * 1024 * 3 + 1234);
    await dropbox.upload(token, file, '/bleedkits-backups/large.bkb');
    expect(fake.calls).toEqual([
      'files/upload_session/start',
      'files/upload_session/append_v2',
      'files/upload_session/append_v2',
      'files/upload_session/finish',
    ]);
    expect(fake.files.get('/bleedkits-backups/large.bkb')).toEqual(content);
  });

  it('checks a token with one call that needs files.content.write', async () => {
    await expect(dropbox.checkToken(token)).resolves.toBeUndefined();
    expect(fake.calls).toEqual(['files/upload_session/start']);
    await expect(dropbox.checkToken(readOnly)).rejects.toMatchObject({ problem: 'missing_write' });
    await expect(dropbox.checkToken('sl.not-a-token-anyone-issued-0000')).rejects.toMatchObject({ problem: 'rejected' });
    const nowhere = new DropboxCloudStorage({
      apiUrl: `http://127.0.0.1:${await freePort()}`,
      contentUrl: `http://127.0.0.1:${await freePort()}`,
      chunkBytes: 1024,
      timeoutMs: 2000,
    });
    await expect(nowhere.checkToken(token)).rejects.toBeInstanceOf(CloudTokenError);
    await expect(nowhere.checkToken(token)).rejects.toMatchObject({ problem: 'unreachable' });
  });

  it('fails an upload when Dropbox fails, and a retry succeeds', async () => {
    const { file, content } = await localFile('retry.bkb', 5000);
    fake.failNext('files/upload', 1, 503);
    await expect(dropbox.upload(token, file, '/bleedkits-backups/retry.bkb')).rejects.toThrow(/Dropbox answered 503/);
    expect(fake.files.has('/bleedkits-backups/retry.bkb')).toBe(false);
    await dropbox.upload(token, file, '/bleedkits-backups/retry.bkb');
    expect(fake.files.get('/bleedkits-backups/retry.bkb')).toEqual(content);
  });

  it('lists a folder across pages and deletes files (a file already gone counts as deleted)', async () => {
    for (let i = 0; i < 7; i++) await dropbox.upload(token, (await localFile(`list-${i}.bkb`, 100)).file, `/listing/list-${i}.bkb`);
    const listed = await dropbox.list(token, '/listing');
    expect(listed.map((f) => f.name)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `list-${i}.bkb`));
    expect(fake.calls.filter((c) => c === 'files/list_folder/continue').length).toBeGreaterThan(0);
    await dropbox.remove(token, '/listing/list-0.bkb');
    await dropbox.remove(token, '/listing/list-0.bkb');
    expect((await dropbox.list(token, '/listing')).length).toBe(6);
    expect(await dropbox.list(token, '/nothing-here')).toEqual([]);
  });
});
