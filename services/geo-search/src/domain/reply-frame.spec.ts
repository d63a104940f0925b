import { decodeReply, errorReply, frameReply } from './reply-frame';

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
