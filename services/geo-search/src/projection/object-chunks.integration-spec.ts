import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type NatsConnection, type ObjectInfo, type ObjectStore, StorageType, connect } from 'nats';
import { type TestNatsServer, startTestNatsServer } from '@bleedkits/platform/testing';
import { DamagedObjectError, ObjectReplacedError, objectChunks, purgeAbandonedChunks, putObject } from './object-chunks';

const BUCKET = 'object-chunks-spec';

/**
 * The object store written and read chunk by chunk with Node's SHA-256: what we write any client reads (nats.js's own
 * getBlob checks it), a write loses to one made in between, and what we read is the bytes as stored or an error.
 */
describe('geo-search: storing and reading an object chunk by chunk', () => {
  let nats: TestNatsServer;
  let nc: NatsConnection;
  let os: ObjectStore;

  beforeAll(async () => {
    nats = await startTestNatsServer();
    nc = await connect({ servers: nats.url });
    os = await nc.jetstream().views.os(BUCKET, { storage: StorageType.Memory });
  });

  afterAll(async () => {
    await nc?.close();
    await nats?.stop();
  });

  async function read(name: string): Promise<Buffer> {
    const info = (await os.info(name))!;
    const parts: Uint8Array[] = [];
    for await (const chunk of objectChunks(nc.jetstream(), BUCKET, info)) parts.push(chunk);
    return Buffer.concat(parts);
  }

  it('gives back exactly the bytes stored, across many chunks and for an empty object', async () => {
    const bytes = randomBytes(3 * 128 * 1024 + 17);
    await os.putBlob({ name: 'many-chunks', options: { max_chunk_size: 64 * 1024 } }, bytes);
    expect((await os.info('many-chunks'))!.chunks).toBeGreaterThan(6);
    expect((await read('many-chunks')).equals(bytes)).toBe(true);
    await os.putBlob({ name: 'empty' }, new Uint8Array(0));
    expect((await read('empty')).length).toBe(0);
  });

  it('refuses an object whose chunks do not add up to its size or do not match its digest', async () => {
    const bytes = randomBytes(200_000);
    await os.putBlob({ name: 'extra-chunk' }, bytes);
    const info = (await os.info('extra-chunk'))!;
    // A chunk that was never part of the object, on its subject (what a damaged stream would hold).
    await nc.jetstream().publish(`$O.${BUCKET}.C.${info.nuid}`, randomBytes(10));
    await expect(read('extra-chunk')).rejects.toThrow(DamagedObjectError);

    await os.putBlob({ name: 'wrong-digest' }, bytes);
    const other = (await os.putBlob({ name: 'other' }, randomBytes(200_000))).digest;
    const good = (await os.info('wrong-digest'))!;
    const parts: Uint8Array[] = [];
    await expect(
      (async () => {
        const described = { nuid: good.nuid, size: good.size, digest: other } as ObjectInfo;
        for await (const chunk of objectChunks(nc.jetstream(), BUCKET, described)) parts.push(chunk);
      })(),
    ).rejects.toThrow('does not match its digest');
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
  });

  const put = (name: string, bytes: Uint8Array, replacing: ObjectInfo | null) =>
    putObject(nc, { bucket: BUCKET, name, description: `object ${name}`, bytes, replacing, timeoutMs: 5000 });

  /** The stream's subjects matching `filter`, with how many messages each holds. */
  const subjects = async (filter: string) =>
    (await (await nc.jetstreamManager()).streams.info(`OBJ_${BUCKET}`, { subjects_filter: filter })).state.subjects ?? {};
  const messagesOn = async (subject: string) => Object.values(await subjects(subject)).reduce((sum, n) => sum + n, 0);

  it('writes an object the client itself reads back, digest checked, across many chunks and when empty', async () => {
    const bytes = randomBytes(20 * 128 * 1024 + 5);
    const written = await put('ours', bytes, null);
    const info = (await os.info('ours'))!;
    expect(info).toMatchObject({ size: bytes.length, chunks: 21, description: 'object ours', digest: written.digest, revision: written.revision });
    expect(Buffer.from((await os.getBlob('ours'))!).equals(bytes)).toBe(true);
    expect((await read('ours')).equals(bytes)).toBe(true);

    await put('ours-empty', new Uint8Array(0), null);
    expect(await os.getBlob('ours-empty')).toEqual(new Uint8Array(0));
  });

  it('replaces an object and purges its old chunks; a write based on an older read fails and leaves no chunks', async () => {
    const first = await put('replaced', randomBytes(300_000), null);
    const second = randomBytes(300_000);
    const current = await put('replaced', second, first);
    expect(await messagesOn(`$O.${BUCKET}.C.${first.nuid}`)).toBe(0);
    expect((await read('replaced')).equals(second)).toBe(true);

    // Another replica read `first` too and writes after `current`: it must lose, not overwrite.
    await expect(put('replaced', randomBytes(300_000), first)).rejects.toThrow(ObjectReplacedError);
    expect((await os.info('replaced'))!.nuid).toBe(current.nuid);
    expect((await read('replaced')).equals(second)).toBe(true);
    const live = new Set((await os.list()).map((o) => o.nuid));
    expect(Object.keys(await subjects(`$O.${BUCKET}.C.>`)).filter((s) => !live.has(s.split('.').pop()!))).toEqual([]);

    // One never stored before, written by two that both saw nothing: one wins.
    const both = await Promise.allSettled([put('fresh', randomBytes(1000), null), put('fresh', randomBytes(1000), null)]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({ reason: expect.any(ObjectReplacedError) });
  });

  it('removes the chunks of a writer killed mid-upload, and not those of an upload in progress or of a stored object', async () => {
    const stored = await put('kept', randomBytes(300_000), null);
    // A writer in its own process sends chunks of an object that will never be described, and is killed.
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `const { connect } = require(${JSON.stringify(require.resolve('nats'))});
         (async () => {
           const nc = await connect({ servers: ${JSON.stringify(nats.url)} });
           const js = nc.jetstream();
           for (;;) await js.publish('$O.${BUCKET}.C.killed-writer', new Uint8Array(128 * 1024));
         })();`,
      ],
      { stdio: 'ignore' },
    );
    try {
      const deadline = Date.now() + 20_000;
      while ((await messagesOn(`$O.${BUCKET}.C.killed-writer`)) < 3) {
        if (Date.now() > deadline) throw new Error('the writer sent no chunks');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      writer.kill('SIGKILL');
    }
    await new Promise((r) => (writer.exitCode !== null || writer.signalCode !== null ? r(null) : writer.once('exit', r)));
    await new Promise((r) => setTimeout(r, 2500));
    // Another upload, still going: its last chunk is a moment old (the margin covers a slow, loaded CI machine).
    await nc.jetstream().publish(`$O.${BUCKET}.C.in-progress`, randomBytes(1000));

    expect(await purgeAbandonedChunks(nc, BUCKET, 2000)).toEqual(['killed-writer']);
    expect(await messagesOn(`$O.${BUCKET}.C.killed-writer`)).toBe(0);
    expect(await messagesOn(`$O.${BUCKET}.C.in-progress`)).toBe(1);
    expect(await messagesOn(`$O.${BUCKET}.C.${stored.nuid}`)).toBe(3);
    expect((await read('kept')).length).toBe(300_000);
  });
});
