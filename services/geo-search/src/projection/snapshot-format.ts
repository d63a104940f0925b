import { type KitEntry, kitEntryOf } from './kit-entry';
import { placeKeysFromParts } from './place-keys';
import type { ProjectionState } from './kit-projection';

/**
 * The byte format of a stored snapshot of the public projection (gzipped by the store):
 *
 *   "BKGS" u32 headerLength header-JSON
 *   per kit: u32 id, u32 flipsAt (minute), u32 u32 hash of the JSON, f64 latitude, f64 longitude,
 *            u16+bytes postcode, u16+bytes outward code, u16+bytes town, u32+bytes public JSON
 *   "END!" u32 kits
 *
 * The kits' JSON is stored as it is served, so a replica starting from it parses nothing; a truncated or garbled
 * document fails to decode (and the object store's SHA-256 digest catches a damaged one before that).
 */
export const SNAPSHOT_FORMAT = 1;
const MAGIC = Buffer.from('BKGS');
const END = Buffer.from('END!');

export type SnapshotHeader = { format: number; revision: number; evaluatedDay: string; kits: number; createdAt: string };

/** Kits encoded between two turns of the event loop, so queries keep being answered while a snapshot is written. */
const SLICE = 5000;

/** The header of a snapshot of this state (also stored as the object's description, to judge it before reading it). */
export function snapshotHeader(state: ProjectionState): SnapshotHeader {
  return {
    format: SNAPSHOT_FORMAT,
    revision: state.revision,
    evaluatedDay: state.evaluatedDay,
    kits: state.entries.length,
    createdAt: new Date().toISOString(),
  };
}

export async function* encodeSnapshot(header: SnapshotHeader, entries: readonly KitEntry[]): AsyncGenerator<Buffer> {
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const head = Buffer.alloc(8);
  MAGIC.copy(head, 0);
  head.writeUInt32LE(headerBytes.length, 4);
  yield Buffer.concat([head, headerBytes]);
  for (let i = 0; i < entries.length; i += SLICE) {
    const parts: Buffer[] = [];
    for (const e of entries.slice(i, i + SLICE)) parts.push(encodeEntry(e));
    yield Buffer.concat(parts);
    await new Promise((r) => setImmediate(r));
  }
  const tail = Buffer.alloc(8);
  END.copy(tail, 0);
  tail.writeUInt32LE(entries.length, 4);
  yield tail;
}

function encodeEntry(e: KitEntry): Buffer {
  const postcode = Buffer.from(e.place.postcode ?? '', 'latin1');
  const outward = Buffer.from(e.place.outward ?? '', 'latin1');
  const town = Buffer.from(e.place.town?.label ?? '', 'utf8');
  const jsonLength = Buffer.byteLength(e.json, 'utf8');
  const b = Buffer.allocUnsafe(32 + 2 + postcode.length + 2 + outward.length + 2 + town.length + 4 + jsonLength);
  let at = b.writeUInt32LE(e.id, 0);
  at = b.writeUInt32LE(e.flipsAt, at);
  at = b.writeUInt32LE(e.h1, at);
  at = b.writeUInt32LE(e.h2, at);
  at = b.writeDoubleLE(e.latitude, at);
  at = b.writeDoubleLE(e.longitude, at);
  for (const part of [postcode, outward, town]) {
    at = b.writeUInt16LE(part.length, at);
    at += part.copy(b, at);
  }
  at = b.writeUInt32LE(jsonLength, at);
  b.write(e.json, at, 'utf8');
  return b;
}

export class SnapshotDecodeError extends Error {}

/** Reads a snapshot from its (gunzipped) bytes as they arrive. */
export class SnapshotDecoder {
  private pending: Buffer = Buffer.alloc(0);
  private header: SnapshotHeader | null = null;
  private done = false;
  readonly entries: KitEntry[] = [];

  push(chunk: Uint8Array): void {
    if (this.done) throw new SnapshotDecodeError('bytes after the end of the snapshot');
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let at = 0;
    const b = this.pending;
    if (!this.header) {
      if (b.length < 8) return;
      if (!b.subarray(0, 4).equals(MAGIC)) throw new SnapshotDecodeError('not a snapshot of the public projection');
      const length = b.readUInt32LE(4);
      if (b.length < 8 + length) return;
      const header = JSON.parse(b.toString('utf8', 8, 8 + length)) as SnapshotHeader;
      if (header.format !== SNAPSHOT_FORMAT) throw new SnapshotDecodeError(`snapshot format ${header.format}, expected ${SNAPSHOT_FORMAT}`);
      this.header = header;
      at = 8 + length;
    }
    while (this.entries.length < this.header.kits) {
      const used = this.readEntry(b, at);
      if (used === 0) break;
      at += used;
    }
    if (this.entries.length === this.header.kits && b.length - at >= 8) {
      if (!b.subarray(at, at + 4).equals(END) || b.readUInt32LE(at + 4) !== this.header.kits)
        throw new SnapshotDecodeError('the snapshot does not end where its header says');
      if (b.length - at > 8) throw new SnapshotDecodeError('bytes after the end of the snapshot');
      this.done = true;
      at += 8;
    }
    this.pending = b.subarray(at);
  }

  /** The decoded state; throws when the document ended early. */
  finish(): ProjectionState & { kits: number } {
    if (!this.header || !this.done) throw new SnapshotDecodeError('the snapshot ended early');
    return {
      revision: this.header.revision,
      evaluatedDay: this.header.evaluatedDay,
      entries: this.entries,
      kits: this.entries.length,
    };
  }

  /** Bytes of one record at `at`, or 0 when it is not all there yet. */
  private readEntry(b: Buffer, at: number): number {
    let p = at + 32;
    if (b.length < p) return 0;
    const strings: string[] = [];
    for (let i = 0; i < 3; i++) {
      if (b.length < p + 2) return 0;
      const n = b.readUInt16LE(p);
      if (b.length < p + 2 + n) return 0;
      strings.push(b.toString(i < 2 ? 'latin1' : 'utf8', p + 2, p + 2 + n));
      p += 2 + n;
    }
    if (b.length < p + 4) return 0;
    const jsonLength = b.readUInt32LE(p);
    if (jsonLength > 1_000_000) throw new SnapshotDecodeError('a garbled kit record');
    if (b.length < p + 4 + jsonLength) return 0;
    const json = b.toString('utf8', p + 4, p + 4 + jsonLength);
    if (json[0] !== '{' || json[json.length - 1] !== '}') throw new SnapshotDecodeError('a garbled kit record');
    const latitude = b.readDoubleLE(at + 16);
    const longitude = b.readDoubleLE(at + 24);
    if (!(latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180)) throw new SnapshotDecodeError('a kit out of this world');
    this.entries.push(
      kitEntryOf({
        id: b.readUInt32LE(at),
        flipsAt: b.readUInt32LE(at + 4),
        latitude,
        longitude,
        place: placeKeysFromParts(strings[0], strings[1], strings[2]),
        json,
        hash: [b.readUInt32LE(at + 8), b.readUInt32LE(at + 12)],
      }),
    );
    return p + 4 + jsonLength - at;
  }
}
