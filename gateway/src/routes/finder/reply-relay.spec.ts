import type { IncomingMessage } from 'node:http';
import { acceptsGzip, readReplyFrame } from './reply-relay';

describe('readReplyFrame', () => {
  it('reads the status and place without touching the body bytes', () => {
    const bytes = Buffer.from('200 {"place":{"lat":53.1,"lng":-2.2,"label":"Ynys M\\u00f4n","source":"gazetteer"}}\n[{"id":1}]');
    const r = readReplyFrame(bytes);
    expect(r.status).toBe(200);
    expect(r.gzip).toBe(false);
    expect(r.body.toString()).toBe('[{"id":1}]');
    expect(r.body.buffer).toBe(bytes.buffer);
    expect(r.place).toBe('{"lat":53.1,"lng":-2.2,"label":"Ynys M\\u00f4n","source":"gazetteer"}');
    expect(readReplyFrame(Buffer.from('404\n{"message":"x"}'))).toMatchObject({ status: 404, place: null, gzip: false });
  });

  it('reads the gzip mark, with and without a meta line', () => {
    const magic = Buffer.from([0x1f, 0x8b]);
    expect(readReplyFrame(Buffer.concat([Buffer.from('200 gzip\n'), magic]))).toMatchObject({ status: 200, gzip: true, place: null });
    const withPlace = readReplyFrame(Buffer.concat([Buffer.from('200 gzip {"place":{"lat":1,"lng":2,"label":"X","source":"gazetteer"}}\n'), magic]));
    expect(withPlace).toMatchObject({ gzip: true, place: '{"lat":1,"lng":2,"label":"X","source":"gazetteer"}' });
    expect(withPlace.body).toEqual(magic);
  });

  it('refuses bytes that are not a reply frame', () => {
    expect(() => readReplyFrame(Buffer.from('{"response":[]}'))).toThrow('unreadable');
    expect(() => readReplyFrame(Buffer.from(''))).toThrow('unreadable');
  });
});

describe('acceptsGzip', () => {
  const asking = (value?: string) => ({ headers: value === undefined ? {} : { 'accept-encoding': value } }) as IncomingMessage;
  it('follows the Accept-Encoding header, q=0 included', () => {
    expect(acceptsGzip(asking('gzip, deflate, br, zstd'))).toBe(true);
    expect(acceptsGzip(asking('br;q=1, gzip;q=0.5'))).toBe(true);
    expect(acceptsGzip(asking('*'))).toBe(true);
    expect(acceptsGzip(asking('gzip;q=0'))).toBe(false);
    expect(acceptsGzip(asking('identity'))).toBe(false);
    expect(acceptsGzip(asking())).toBe(false);
  });
});
