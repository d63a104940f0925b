import { randomBytes } from 'node:crypto';
import { type NatsConnection, type ObjectInfo, type ObjectStore, StorageType, connect } from 'nats';
import { type TestNatsServer, startTestNatsServer } from '@bleedkits/platform/testing';
import { DamagedObjectError, objectChunks } from './object-chunks';

const BUCKET = 'object-chunks-spec';

/** The object store read chunk by chunk with Node's SHA-256: the bytes as stored, or an error for a damaged object. */
describe('geo-search: reading a stored object chunk by chunk', () => {
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
});
