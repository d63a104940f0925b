import { gunzipSync } from 'node:zlib';
import { ErrorCode } from '@bleedkits/contracts';
import { Answer } from '../queries/answer';
import { decodeReply, errorFrame, framedAnswer, outcomeOf } from './reply-frame';

describe('reply frame', () => {
  const big = Array.from({ length: 200 }, (_, id) => JSON.stringify({ id, locationName: `Kit ${id}`, latitude: 53.4, longitude: -2.3 }));

  it('carries the tag, an optional ASCII meta line and the body bytes untouched', () => {
    const plain = decodeReply(framedAnswer(Answer.json(['{"a":"é"}'], '12-20261123'), false, '12-20261123'));
    expect(plain).toMatchObject({ ok: true, gzip: false, tag: '12-20261123', meta: null });
    expect(plain.ok && Buffer.from(plain.body).toString('utf8')).toBe('[{"a":"é"}]');
    const place = { place: { lat: 53.1, lng: -2.2, label: 'Ynys Môn', source: 'gazetteer' } };
    const framed = framedAnswer(Answer.json([], null, place), false, null);
    expect(framed.subarray(0, framed.indexOf(0x0a)).toString('latin1')).toMatch(/^ok [\x20-\x7e]+$/);
    expect(decodeReply(framed)).toMatchObject({ ok: true, tag: null, meta: place });
  });

  it('answers a coded error whole, for the gateway to map', () => {
    const frame = errorFrame({ code: ErrorCode.NotFound, message: 'Not here' });
    expect(decodeReply(frame)).toEqual({ ok: false, error: { code: 'not_found', message: 'Not here' } });
    expect(outcomeOf(frame)).toBe('not_found');
  });

  it('gzips a body once per answer, frames it again only for a new tag, and leaves small bodies alone', () => {
    const answer = Answer.json(big, '1-20261123');
    const first = framedAnswer(answer, true, '1-20261123');
    const zipped = decodeReply(first);
    expect(zipped).toMatchObject({ ok: true, gzip: true, tag: '1-20261123' });
    expect(zipped.ok && gunzipSync(zipped.body).toString('utf8')).toBe(`[${big.join(',')}]`);
    expect(framedAnswer(answer, true, '1-20261123')).toBe(first);
    const gzipped = answer.gzipped;
    const retagged = framedAnswer(answer, true, '2-20261123');
    expect(decodeReply(retagged)).toMatchObject({ tag: '2-20261123', gzip: true });
    expect(answer.gzipped).toBe(gzipped);
    expect(decodeReply(framedAnswer(Answer.json(['{}'], null), true, null))).toMatchObject({ ok: true, gzip: false });
    expect(answer.byteLength).toBeGreaterThan(answer.body.byteLength);
  });
});
