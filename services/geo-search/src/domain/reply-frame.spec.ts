import { gunzipSync } from 'node:zlib';
import { EncodedAnswer, decodeReply, errorReply, frameReply, gzipReply } from './reply-frame';

describe('reply frame', () => {
  it('carries the status, an optional ASCII meta line and the body bytes untouched', () => {
    const plain = decodeReply(frameReply(200, '[{"a":"é"}]'));
    expect(plain).toMatchObject({ status: 200, meta: null });
    expect(Buffer.from(plain.body).toString('utf8')).toBe('[{"a":"é"}]');
    const framed = frameReply(200, '[]', { place: { lat: 53.1, lng: -2.2, label: 'Ynys Môn', source: 'gazetteer' } });
    const line = framed.subarray(0, framed.indexOf(0x0a)).toString('latin1');
    expect(line).toMatch(/^[\x20-\x7e]+$/);
    expect(decodeReply(framed).meta).toEqual({ place: { lat: 53.1, lng: -2.2, label: 'Ynys Môn', source: 'gazetteer' } });
    const error = decodeReply(errorReply(404, 'Not here'));
    expect(error.status).toBe(404);
    expect(JSON.parse(Buffer.from(error.body).toString())).toEqual({ message: 'Not here' });
  });
});

describe('gzipped replies', () => {
  const big = JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ id, locationName: `Kit ${id}`, latitude: 53.4, longitude: -2.3 })));

  it('gzips the body, marks the status line, keeps the meta, and leaves small bodies alone', () => {
    const meta = { place: { lat: 53.1, lng: -2.2, label: 'Ynys Môn', source: 'gazetteer' } };
    const zipped = decodeReply(gzipReply(frameReply(200, big, meta)));
    expect(zipped).toMatchObject({ status: 200, gzip: true, meta });
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(big);
    expect(zipped.body.byteLength).toBeLessThan(big.length / 4);
    const small = frameReply(404, '{"message":"Not here"}');
    expect(gzipReply(small)).toBe(small);
  });

  it('a cached answer is gzipped once, on first demand, and reused', () => {
    const answer = new EncodedAnswer(frameReply(200, big));
    expect(answer.encoded(false)).toBe(answer.identity);
    expect(answer.byteLength).toBe(answer.identity.byteLength);
    const first = answer.encoded(true);
    expect(decodeReply(first).gzip).toBe(true);
    expect(answer.encoded(true)).toBe(first);
    expect(answer.encoded(false)).toBe(answer.identity);
    expect(answer.byteLength).toBe(answer.identity.byteLength + first.byteLength);
  });
});
