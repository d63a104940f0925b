import { type KitEntry, kitEntryOf } from './kit-entry';
import { type PlaceKeys, type TownName, sharedOutwardCode, townNameOf } from './place-keys';
import type { ProjectionState } from './kit-projection';

/**
 * The byte format of a stored snapshot of the public projection (gzipped by the store):
 *
 *   "BKGS" u32 headerLength header-JSON
 *   per kit, in the spatial tree's order: u32 id, u32 flipsAt (minute), u32 u32 hash of the JSON,
 *            f64 latitude, f64 longitude, u32 outward code, u32 town, u8+bytes postcode, u32+bytes public JSON
 *   "END!" u32 kits
 *
 * Outward codes and towns repeat across thousands of kits, so a record names them by number (0: none): the first
 * record to use a number follows it with the text (u16+bytes), later ones only refer to it. The kits' JSON is stored
 * as it is served, so a replica starting from it parses nothing; in tree order its tree is built in one pass per level
 * (PublicKitIndex.restore). A truncated or garbled document fails to decode (and the store's digest catches a damaged
 * one before that).
 */
export const SNAPSHOT_FORMAT = 2;
const MAGIC = Buffer.from('BKGS');
const END = Buffer.from('END!');
const FIXED_BYTES = 40;

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

/** Numbers for repeated texts: the first use of one carries its text. */
class TextNumbers {
  private readonly numbers = new Map<string, number>();

  /** The text's number and, the first time, the text to write after it. */
  refer(text: string | null | undefined): [number, Buffer | null] {
    if (!text) return [0, null];
    const known = this.numbers.get(text);
    if (known) return [known, null];
    const n = this.numbers.size + 1;
    this.numbers.set(text, n);
    return [n, Buffer.from(text, 'utf8')];
  }
}

export async function* encodeSnapshot(header: SnapshotHeader, entries: readonly KitEntry[]): AsyncGenerator<Buffer> {
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const head = Buffer.alloc(8);
  MAGIC.copy(head, 0);
  head.writeUInt32LE(headerBytes.length, 4);
  yield Buffer.concat([head, headerBytes]);
  const outwards = new TextNumbers();
  const towns = new TextNumbers();
  for (let i = 0; i < entries.length; i += SLICE) {
    const parts: Buffer[] = [];
    for (const e of entries.slice(i, i + SLICE)) parts.push(encodeEntry(e, outwards.refer(e.place.outward), towns.refer(e.place.town?.label)));
    yield Buffer.concat(parts);
    await new Promise((r) => setImmediate(r));
  }
  const tail = Buffer.alloc(8);
  END.copy(tail, 0);
  tail.writeUInt32LE(entries.length, 4);
  yield tail;
}

function encodeEntry(e: KitEntry, [outward, outwardText]: [number, Buffer | null], [town, townText]: [number, Buffer | null]): Buffer {
  const postcode = Buffer.from(e.place.postcode ?? '', 'latin1');
  if (postcode.length > 255) throw new Error(`kit ${e.id}: a postcode of ${postcode.length} characters`);
  const jsonLength = Buffer.byteLength(e.json, 'utf8');
  const texts = (outwardText ? 2 + outwardText.length : 0) + (townText ? 2 + townText.length : 0);
  const b = Buffer.allocUnsafe(FIXED_BYTES + texts + 1 + postcode.length + 4 + jsonLength);
  let at = b.writeUInt32LE(e.id, 0);
  at = b.writeUInt32LE(e.flipsAt, at);
  at = b.writeUInt32LE(e.h1 >>> 0, at);
  at = b.writeUInt32LE(e.h2 >>> 0, at);
  at = b.writeDoubleLE(e.latitude, at);
  at = b.writeDoubleLE(e.longitude, at);
  at = b.writeUInt32LE(outward, at);
  at = b.writeUInt32LE(town, at);
  for (const text of [outwardText, townText]) {
    if (!text) continue;
    at = b.writeUInt16LE(text.length, at);
    at += text.copy(b, at);
  }
  at = b.writeUInt8(postcode.length, at);
  at += postcode.copy(b, at);
  at = b.writeUInt32LE(jsonLength, at);
  b.write(e.json, at, 'utf8');
  return b;
}

export class SnapshotDecodeError extends Error {}

/** Whether a record's number for an outward code or town is a new one (the next), which its text follows. */
function introduces(n: number, known: number): boolean {
  if (n <= known) return false;
  if (n !== known + 1) throw new SnapshotDecodeError('a garbled kit record');
  return true;
}

/** The text at `p` (u16 length, UTF-8) and the position after it; null when it is not all there yet. */
function textAt(b: Buffer, p: number): [string, number] | null {
  if (b.length < p + 2) return null;
  const end = p + 2 + b.readUInt16LE(p);
  return b.length < end ? null : [b.toString('utf8', p + 2, end), end];
}

/** Reads a snapshot from its (gunzipped) bytes as they arrive. */
export class SnapshotDecoder {
  private pending: Buffer = Buffer.alloc(0);
  private header: SnapshotHeader | null = null;
  private done = false;
  private readonly outwards: string[] = [];
  private readonly towns: (TownName | null)[] = [];
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

  /** Bytes of one record at `at`, or 0 when it is not all there yet (nothing is taken from it until it is). */
  private readEntry(b: Buffer, at: number): number {
    let p = at + FIXED_BYTES;
    if (b.length < p) return 0;
    const outwardNumber = b.readUInt32LE(at + 32);
    const townNumber = b.readUInt32LE(at + 36);
    let newOutward: string | null = null;
    let newTown: string | null = null;
    if (introduces(outwardNumber, this.outwards.length)) {
      const text = textAt(b, p);
      if (!text) return 0;
      [newOutward, p] = text;
    }
    if (introduces(townNumber, this.towns.length)) {
      const text = textAt(b, p);
      if (!text) return 0;
      [newTown, p] = text;
    }
    if (b.length < p + 1) return 0;
    const postcodeLength = b.readUInt8(p);
    if (b.length < p + 1 + postcodeLength + 4) return 0;
    const postcode = postcodeLength ? b.toString('latin1', p + 1, p + 1 + postcodeLength) : null;
    p += 1 + postcodeLength;
    const jsonLength = b.readUInt32LE(p);
    if (jsonLength > 1_000_000) throw new SnapshotDecodeError('a garbled kit record');
    if (b.length < p + 4 + jsonLength) return 0;
    const json = b.toString('utf8', p + 4, p + 4 + jsonLength);
    if (json[0] !== '{' || json[json.length - 1] !== '}') throw new SnapshotDecodeError('a garbled kit record');
    const latitude = b.readDoubleLE(at + 16);
    const longitude = b.readDoubleLE(at + 24);
    if (!(latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180)) throw new SnapshotDecodeError('a kit out of this world');
    if (newOutward !== null) this.outwards.push(sharedOutwardCode(newOutward));
    if (newTown !== null) this.towns.push(townNameOf(newTown));
    const place: PlaceKeys = {
      postcode,
      outward: outwardNumber ? this.outwards[outwardNumber - 1] : null,
      town: townNumber ? this.towns[townNumber - 1] : null,
    };
    this.entries.push(
      kitEntryOf({
        id: b.readUInt32LE(at),
        flipsAt: b.readUInt32LE(at + 4),
        latitude,
        longitude,
        place,
        json,
        hash: [b.readUInt32LE(at + 8), b.readUInt32LE(at + 12)],
      }),
    );
    return p + 4 + jsonLength - at;
  }
}
