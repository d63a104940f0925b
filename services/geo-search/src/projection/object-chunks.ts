import { createHash } from 'node:crypto';
import type { JetStreamClient, ObjectInfo } from 'nats';

const DIGEST_PREFIX = 'SHA-256=';
/** How many bytes of chunks the server may send ahead of the reader. */
const READ_AHEAD_BYTES = 16 * 1024 * 1024;

export class DamagedObjectError extends Error {}

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
