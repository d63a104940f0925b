import { FeedPushMessages, feedPushUrlErrors, isPublicAddress, isPublicHostName } from './feed-push';

describe("where a feed client's push may go", () => {
  it('takes a public https receiver in production and refuses every private, loopback or internal host', () => {
    expect(feedPushUrlErrors('https://dispatch.nwas.example/bleedkits', true)).toEqual([]);
    expect(feedPushUrlErrors('https://81.2.69.160:8443/feed', true)).toEqual([]);
    expect(feedPushUrlErrors('https://[2a00:1450:4009:81d::200e]/feed', true)).toEqual([]);
    for (const url of [
      'https://localhost/feed',
      'https://LOCALHOST./feed',
      'https://api.localhost/feed',
      'https://kits-db/feed',
      'https://metadata.google.internal/',
      'https://printer.local/',
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://10.1.2.3/',
      'https://172.20.0.5/',
      'https://192.168.1.10/',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/',
      'https://0.0.0.0/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
    ])
      expect([url, feedPushUrlErrors(url, true)]).toEqual([url, [FeedPushMessages.urlPrivate]]);
  });

  it('outside production takes http://127.0.0.1 and any https host, and nothing else', () => {
    expect(feedPushUrlErrors('http://127.0.0.1:8787/feed', false)).toEqual([]);
    expect(feedPushUrlErrors('https://localhost:8443/feed', false)).toEqual([]);
    expect(feedPushUrlErrors('http://localhost:8787/feed', false)).toEqual([FeedPushMessages.urlDevelopment]);
    expect(feedPushUrlErrors('http://127.0.0.1:8787/feed', true)).toEqual([FeedPushMessages.url]);
    expect(feedPushUrlErrors('https://user:pw@nwas.example/', true)).toEqual([FeedPushMessages.urlCredentials]);
  });

  it('tells public addresses from the ones a receiver on the internet cannot have', () => {
    for (const a of ['81.2.69.160', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2a00:1450:4009:81d::200e', '::ffff:51.140.0.1'])
      expect([a, isPublicAddress(a)]).toEqual([a, true]);
    for (const a of [
      '127.0.0.53',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.1.1',
      '224.0.0.1',
      '::',
      '::1',
      'fc00::1',
      'ff02::1',
      'not-an-ip',
    ])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    expect(isPublicHostName('nwas.example')).toBe(true);
    expect(isPublicHostName('intranet')).toBe(false);
  });
});
