import { createHash } from 'node:crypto';
import { type JetStreamClient, JsHeaders, type NatsConnection, type ObjectInfo, headers, nuid } from 'nats';

const DIGEST_PREFIX = 'SHA-256=';
/** How many bytes of chunks the server may send ahead of the reader. */
const READ_AHEAD_BYTES = 16 * 1024 * 1024;
/** The object store's default chunk size (every client's). */
const CHUNK_BYTES = 128 * 1024;
/** Chunks published before their acknowledgements are awaited: 1 MB in flight, then the event loop has a turn. */
const CHUNKS_IN_FLIGHT = 8;

export class DamagedObjectError extends Error {}

/** The object was written by someone else after it was read: this write did not happen. */
export class ObjectReplacedError extends Error {}

/** JetStream's code for a publish whose expected last sequence on its subject is not the stream's. */
const WRONG_LAST_SEQUENCE = 10071;

/**
 * An object of the JetStream object store, chunk by chunk as they arrive, checked against its size and SHA-256
 * digest with Node's crypto. The client's own get() checks the digest with a SHA-256 written in JavaScript that costs
 * more than reading the object (bench/README.md); the layout read here (the bucket's stream OBJ_<bucket>, the
 * object's chunks on $O.<bucket>.C.<nuid>) is the object store's, fixed by NATS ADR-20 for every client.
 */
export async function* objectChunks(js: JetStreamClient, bucket: string, info: ObjectInfo, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  if (!info.digest.startsWith(DIGEST_PREFIX)) throw new DamagedObjectError(`unknown digest type: ${info.digest}`);
  const expected = Buffer.from(info.digest.slice(DIGEST_PREFIX.length), 'base64');
  if (info.size === 0) return;
  const consumer = await js.consumers.get(`OBJ_${bucket}`, { filterSubjects: `$O.${bucket}.C.${info.nuid}` });
  const messages = await consumer.consume({ max_bytes: READ_AHEAD_BYTES });
  const stop = () => messages.stop();
  signal?.addEventListener('abort', stop, { once: true });
  const sha = createHash('sha256');
  let size = 0;
  try {
    for await (const m of messages) {
      if (m.data.length > 0) {
        sha.update(m.data);
        size += m.data.length;
        yield m.data;
      }
      if (m.info.pending === 0) break;
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    messages.stop();
  }
  if (signal?.aborted) throw new Error('timed out');
  if (size !== info.size) throw new DamagedObjectError(`the object has ${size} bytes, its description says ${info.size}`);
  if (!sha.digest().equals(expected)) throw new DamagedObjectError('the object does not match its digest');
}

export type PutObject = {
  bucket: string;
  name: string;
  description: string;
  bytes: Uint8Array;
  /** The object as read before writing (null: never stored). Another write in between fails this one (ObjectReplacedError): never both win. */
  replacing: ObjectInfo | null;
  /** Each publish's time to be acknowledged. */
  timeoutMs: number;
};

/**
 * Stores an object in the JetStream object store as nats.js's putBlob would (the same ADR-20 layout: chunks on
 * $O.<bucket>.C.<nuid>, then the description rolled up on $O.<bucket>.M.<name>, then the replaced object's chunks
 * purged), so any client reads it. The client's own putBlob hashes with its JavaScript SHA-256 and queues every
 * chunk in one synchronous loop: for the projection's snapshot at a million kits that held the replica's event loop
 * for more than a second while it was answering searches. Here Node's SHA-256 hashes and the chunks go out a
 * megabyte at a time, each batch acknowledged before the next, so searches are answered in between.
 */
export async function putObject(nc: NatsConnection, put: PutObject): Promise<ObjectInfo> {
  const { bucket, name, bytes, timeoutMs: timeout } = put;
  const js = nc.jetstream();
  const jsm = await nc.jetstreamManager();
  const chunkBytes = Math.min(CHUNK_BYTES, nc.info?.max_payload ?? CHUNK_BYTES);
  const id = nuid.next();
  const chunkSubject = `$O.${bucket}.C.${id}`;
  const stream = `OBJ_${bucket}`;
  const sha = createHash('sha256');
  let chunks = 0;
  try {
    for (let at = 0; at < bytes.length;) {
      const batch: Promise<unknown>[] = [];
      for (let i = 0; i < CHUNKS_IN_FLIGHT && at < bytes.length; i++, at += chunkBytes) {
        const chunk = bytes.subarray(at, at + chunkBytes);
        sha.update(chunk);
        chunks++;
        batch.push(js.publish(chunkSubject, chunk, { timeout }));
      }
      await Promise.all(batch);
    }
    const info = {
      name,
      description: put.description,
      options: { max_chunk_size: chunkBytes },
      bucket,
      nuid: id,
      size: bytes.length,
      chunks,
      mtime: new Date().toISOString(),
      digest: `${DIGEST_PREFIX}${base64UrlPadded(sha.digest())}`,
      deleted: false,
    };
    const rollup = headers();
    rollup.set(JsHeaders.RollupHdr, JsHeaders.RollupValueSubject);
    const ack = await js
      .publish(`$O.${bucket}.M.${base64UrlPadded(Buffer.from(name))}`, JSON.stringify(info), {
        headers: rollup,
        expect: { lastSubjectSequence: put.replacing?.revision ?? 0 },
        timeout,
      })
      .catch((e: unknown) => {
        const api = (e as { api_error?: { err_code?: number } }).api_error;
        throw api?.err_code === WRONG_LAST_SEQUENCE ? new ObjectReplacedError(`${name} was written by another writer: ${(e as Error).message}`) : e;
      });
    // The new object is live: the old one's chunks are only space now (failing to purge them is not a failed write).
    if (put.replacing && !put.replacing.deleted)
      await jsm.streams.purge(stream, { filter: `$O.${bucket}.C.${put.replacing.nuid}` }).catch(() => undefined);
    return { ...info, revision: ack.seq } as ObjectInfo;
  } catch (e) {
    // Chunks that no description points to would only take space.
    await jsm.streams.purge(stream, { filter: chunkSubject }).catch(() => undefined);
    throw e;
  }
}

/**
 * Purges the chunks of the bucket that no object's description points to and that nothing has added to for
 * `olderThanMs`: what a writer killed mid-upload leaves (neither our writer nor nats.js's can clean up after a
 * SIGKILL). A writer still uploading publishes a chunk at least every publish timeout, so an age above that is
 * never one in progress. Answers the abandoned uploads' ids.
 */
export async function purgeAbandonedChunks(nc: NatsConnection, bucket: string, olderThanMs: number): Promise<string[]> {
  const jsm = await nc.jetstreamManager();
  const stream = `OBJ_${bucket}`;
  const chunkPrefix = `$O.${bucket}.C.`;
  const { state } = await jsm.streams.info(stream, { subjects_filter: `${chunkPrefix}>` });
  const live = new Set((await (await nc.jetstream().views.os(bucket)).list()).map((o) => o.nuid));
  const purged: string[] = [];
  for (const subject of Object.keys(state.subjects ?? {})) {
    const id = subject.slice(chunkPrefix.length);
    if (live.has(id)) continue;
    const last = await jsm.streams.getMessage(stream, { last_by_subj: subject });
    if (Date.now() - last.time.getTime() < olderThanMs) continue;
    await jsm.streams.purge(stream, { filter: subject });
    purged.push(id);
  }
  return purged;
}

/** Base64url with its padding, as the object store writes names and digests. */
function base64UrlPadded(bytes: Buffer): string {
  const text = bytes.toString('base64url');
  return text.padEnd(Math.ceil(text.length / 4) * 4, '=');
}
