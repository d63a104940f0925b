import { gunzipSync, gzipSync } from 'node:zlib';
import { entry } from '../../test/random-kits';
import { placeKeysOf } from './place-keys';
import { kitEntryOf } from './kit-entry';
import { SnapshotDecodeError, SnapshotDecoder, encodeSnapshot, snapshotHeader } from './snapshot-format';

const kits = [
  entry(1, 53.38, -2.34),
  entry(2, 51.5, -0.12, ' ünïcödé — “quoted”', 'SW1A 1AA', 'London'),
  kitEntryOf({ id: 3, json: '{"id":3}', latitude: -33.9, longitude: 151.2, place: placeKeysOf('', 'Ynys Môn'), flipsAt: 29_000_000 }),
  // The outward code and town of kit 1 again (referred to by number), then a kit with neither.
  entry(4, 53.39, -2.35, '', 'WA14 2AB', 'Altrincham'),
  kitEntryOf({ id: 5, json: '{"id":5}', latitude: 0, longitude: 0, place: placeKeysOf('??', ''), flipsAt: 0 }),
  entry(6, 51.51, -0.13, '', 'SW1A 2AA', 'Ynys Môn'),
];
const state = { revision: 42, evaluatedDay: '2026-11-23', entries: kits };

async function bytesOf(): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const p of encodeSnapshot(snapshotHeader(state), kits)) parts.push(p);
  return Buffer.concat(parts);
}

function decode(bytes: Buffer, chunk = 7) {
  const d = new SnapshotDecoder();
  for (let i = 0; i < bytes.length; i += chunk) d.push(bytes.subarray(i, i + chunk));
  return d.finish();
}

describe('stored snapshot of the projection', () => {
  it('decodes what it encodes, in chunks of any size, every field as it was', async () => {
    const bytes = gunzipSync(gzipSync(await bytesOf()));
    for (const chunk of [1, 7, 64, bytes.length]) {
      const back = decode(bytes, chunk);
      expect(back).toMatchObject({ revision: 42, evaluatedDay: '2026-11-23', kits: kits.length });
      expect(back.entries).toEqual(kits);
      // Repeated outward codes and towns come back as one shared value each, as placeKeysOf makes them.
      expect(back.entries[3].place.outward).toBe(back.entries[0].place.outward);
      expect(back.entries[5].place.town).toBe(back.entries[2].place.town);
    }
  });

  it('refuses a document cut short, with bytes after its end, garbled, or of another kind', async () => {
    const bytes = await bytesOf();
    expect(() => decode(bytes.subarray(0, bytes.length - 3))).toThrow(SnapshotDecodeError);
    expect(() => decode(bytes.subarray(0, bytes.length - 40))).toThrow(SnapshotDecodeError);
    expect(() => decode(Buffer.concat([bytes, Buffer.from('x')]))).toThrow(SnapshotDecodeError);
    const garbled = Buffer.from(bytes);
    garbled.writeUInt32LE(0x7fffffff, garbled.indexOf('{"id":1') - 4);
    expect(() => decode(garbled)).toThrow(SnapshotDecodeError);
    expect(() => decode(Buffer.from('not a snapshot at all'))).toThrow(SnapshotDecodeError);
    // A record naming an outward code no earlier record introduced.
    const unknownPlace = Buffer.from(bytes);
    unknownPlace.writeUInt32LE(7, unknownPlace.indexOf('{"id":4') - 4 - 1 - 'WA14 2AB'.length - 8);
    expect(() => decode(unknownPlace)).toThrow(SnapshotDecodeError);
  });
});
