import type { IncomingMessage } from 'node:http';
import { FinderAnswerCache } from './finder-answer-cache';
import { acceptsGzip, finderETag, ifNoneMatchHolds, readReplyFrame } from './reply-relay';

describe('readReplyFrame', () => {
  it('reads the tag and place without touching the body bytes', () => {
    const bytes = Buffer.from('ok tag=7-20261123 {"place":{"lat":53.1,"lng":-2.2,"label":"Ynys M\\u00f4n","source":"gazetteer"}}\n[{"id":1}]');
    const r = readReplyFrame(bytes);
    if (!r.ok) throw new Error('expected an answer');
    expect(r).toMatchObject({ gzip: false, tag: '7-20261123' });
    expect(r.body.toString()).toBe('[{"id":1}]');
    expect(r.body.buffer).toBe(bytes.buffer);
    expect(r.place).toBe('{"lat":53.1,"lng":-2.2,"label":"Ynys M\\u00f4n","source":"gazetteer"}');
  });

  it('reads the gzip mark, with and without a tag or meta line', () => {
    const magic = Buffer.from([0x1f, 0x8b]);
    expect(readReplyFrame(Buffer.concat([Buffer.from('ok gzip\n'), magic]))).toMatchObject({
      ok: true,
      gzip: true,
      tag: null,
      place: null,
      body: magic,
    });
    const withPlace = readReplyFrame(
      Buffer.concat([Buffer.from('ok gzip tag=1-20260101 {"place":{"lat":1,"lng":2,"label":"X","source":"gazetteer"}}\n'), magic]),
    );
    expect(withPlace).toMatchObject({ ok: true, gzip: true, tag: '1-20260101', place: '{"lat":1,"lng":2,"label":"X","source":"gazetteer"}' });
  });

  it('reads a coded error, and refuses bytes that are not a reply frame', () => {
    expect(readReplyFrame(Buffer.from('error\n{"code":"not_found","message":"No such place"}'))).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No such place' },
    });
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

describe('finder ETags', () => {
  it('name the index content, the normalised request and the variant; If-None-Match compares weakly', () => {
    const etag = finderETag('00ff00ff00ff00ff', 'v:9:1:2:3:4:1000', true);
    expect(etag).toMatch(/^"1-00ff00ff00ff00ff-[A-Za-z0-9_-]{16}-gz"$/);
    expect(finderETag('00ff00ff00ff00fe', 'v:9:1:2:3:4:1000', true)).not.toBe(etag);
    expect(finderETag('00ff00ff00ff00ff', 'v:9:1:2:3:4:1000', false)).not.toBe(etag);
    expect(finderETag('00ff00ff00ff00ff', 'v:9:1:2:3:4:999', true)).not.toBe(etag);
    expect(ifNoneMatchHolds(etag, etag)).toBe(true);
    expect(ifNoneMatchHolds(`"x", W/${etag}`, etag)).toBe(true);
    expect(ifNoneMatchHolds('*', etag)).toBe(true);
    expect(ifNoneMatchHolds('"x"', etag)).toBe(false);
    expect(ifNoneMatchHolds(undefined, etag)).toBe(false);
  });
});

describe(FinderAnswerCache.name, () => {
  let now = 0;
  const cache = () => new FinderAnswerCache(10_000, 5000, () => now);

  it('serves answers for the content of the newest tag it heard of, and forgets the tag without news', () => {
    now = 0;
    const c = cache();
    expect(c.currentTag).toBeNull();
    c.observe('5-aaaaaaaaaaaaaaaa');
    c.observe('4-bbbbbbbbbbbbbbbb');
    expect(c.currentTag).toBe('5-aaaaaaaaaaaaaaaa');
    expect(c.currentContent).toBe('aaaaaaaaaaaaaaaa');
    // Kept from its second asking: a view asked once is not worth a copy.
    c.put('aaaaaaaaaaaaaaaa', 'k', true, Buffer.from('abc'), true, '"e"', {});
    expect(c.get('aaaaaaaaaaaaaaaa', 'k', true)).toBeNull();
    c.put('aaaaaaaaaaaaaaaa', 'k', true, Buffer.from('abc'), true, '"e"', {});
    expect(c.get('aaaaaaaaaaaaaaaa', 'k', true)).toMatchObject({ body: Buffer.from('abc'), gzip: true });
    expect(c.get('aaaaaaaaaaaaaaaa', 'k', false)).toBeNull();
    // A change that altered no public kit: a new revision, the same content, the same answers.
    c.observe('6-aaaaaaaaaaaaaaaa');
    expect(c.get(c.currentContent!, 'k', true)).not.toBeNull();
    c.observe('7-cccccccccccccccc');
    expect(c.currentContent).toBe('cccccccccccccccc');
    expect(c.get('cccccccccccccccc', 'k', true)).toBeNull();
    now = 4000;
    // A replica not as far on, holding the same kits, keeps the belief alive; another one does not.
    c.observe('6-cccccccccccccccc');
    now = 8000;
    expect(c.currentTag).toBe('7-cccccccccccccccc');
    c.observe('6-dddddddddddddddd');
    now = 9001;
    expect(c.currentTag).toBeNull();
    // With no news for a while any tag is believed again (a register restored from a backup counts down).
    c.observe('1-eeeeeeeeeeeeeeee');
    expect(c.currentTag).toBe('1-eeeeeeeeeeeeeeee');
  });

  it('replaces the answer for a request when its content changes, and keeps the two encodings apart', () => {
    now = 0;
    const c = cache();
    c.observe('1-aaaaaaaaaaaaaaaa');
    for (const _ of [1, 2]) c.put('aaaaaaaaaaaaaaaa', 'k', true, Buffer.from('old'), true, '"a"', {});
    for (const _ of [1, 2]) c.put('aaaaaaaaaaaaaaaa', 'k', false, Buffer.from('old plain'), false, '"ap"', {});
    expect(c.size).toBe(2);
    c.observe('2-bbbbbbbbbbbbbbbb');
    // Asked before, so kept at once for the new content; the old answer goes, and is not served for the new content.
    expect(c.get('bbbbbbbbbbbbbbbb', 'k', true)).toBeNull();
    c.put('bbbbbbbbbbbbbbbb', 'k', true, Buffer.from('new'), true, '"b"', {});
    expect(c.size).toBe(2);
    expect(c.get('bbbbbbbbbbbbbbbb', 'k', true)).toMatchObject({ body: Buffer.from('new'), etag: '"b"' });
    expect(c.get('aaaaaaaaaaaaaaaa', 'k', true)).toBeNull();
    expect(c.get('aaaaaaaaaaaaaaaa', 'k', false)).toMatchObject({ body: Buffer.from('old plain'), gzip: false });
    expect(c.get('bbbbbbbbbbbbbbbb', 'k', false)).toBeNull();
  });

  it('keeps to its byte budget, the oldest out first; an answer does not age while its content is current', () => {
    now = 0;
    const c = cache();
    for (let i = 0; i < 20; i++) for (const _ of [1, 2]) c.put('1-20261123', `k${i}`, true, Buffer.alloc(1000), true, '"e"', {});
    expect(c.byteLength).toBeLessThanOrEqual(10_000);
    expect(c.get('1-20261123', 'k0', true)).toBeNull();
    expect(c.get('1-20261123', 'k19', true)).not.toBeNull();
    for (const _ of [1, 2]) c.put('1-20261123', 'huge', true, Buffer.alloc(5000), true, '"e"', {});
    expect(c.get('1-20261123', 'huge', true)).toBeNull();
    now = 60_000;
    expect(c.get('1-20261123', 'k19', true)).not.toBeNull();
  });
});
