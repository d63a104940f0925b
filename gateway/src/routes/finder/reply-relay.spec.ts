import { readReplyFrame } from './reply-relay';

describe('readReplyFrame', () => {
  it('reads the status and place without touching the body bytes', () => {
    const bytes = Buffer.from('200 {"place":{"lat":53.1,"lng":-2.2,"label":"Ynys M\\u00f4n","source":"gazetteer"}}\n[{"id":1}]');
    const r = readReplyFrame(bytes);
    expect(r.status).toBe(200);
    expect(r.body.toString()).toBe('[{"id":1}]');
    expect(r.body.buffer).toBe(bytes.buffer);
    expect(r.place).toBe('{"lat":53.1,"lng":-2.2,"label":"Ynys M\\u00f4n","source":"gazetteer"}');
    expect(readReplyFrame(Buffer.from('404\n{"message":"x"}'))).toMatchObject({ status: 404, place: null });
  });

  it('refuses bytes that are not a reply frame', () => {
    expect(() => readReplyFrame(Buffer.from('{"response":[]}'))).toThrow('unreadable');
    expect(() => readReplyFrame(Buffer.from(''))).toThrow('unreadable');
  });
});
