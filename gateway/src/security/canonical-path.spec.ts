import { canonicalPath, isUnder } from './canonical-path';

describe(canonicalPath.name, () => {
  it('gives every spelling of a route the same canonical path', () => {
    const spellings = [
      '/api/kit-status',
      '/api/kit-status/',
      '/API/Kit-Status',
      '/api//kit-status',
      '//api/kit-status',
      '/api/kit-status//',
      '/api/%6Bit-status',
      '/api/%6bit%2Dstatus',
      '/%61pi/kit-status',
      '/api/%256Bit-status',
      '/api/./kit-status',
      '/api/x/../kit-status',
      '/api\\kit-status',
      '/api%2Fkit-status',
      'http://evil.example/api/kit-status',
      '/api/kit-status?id=1&status=active',
      '/api/kit-status/#x',
    ];
    for (const url of spellings) expect({ url, canonical: canonicalPath(url) }).toEqual({ url, canonical: '/api/kit-status' });
  });

  it('never throws on malformed encodings and keeps parameters apart', () => {
    expect(canonicalPath('/api/bleed-kits/%E0%A4%A/deployment-status')).toMatch(/^\/api\/bleed-kits\/.+\/deployment-status$/);
    expect(canonicalPath('/api/bleed-kits/%31/deployment-status')).toBe('/api/bleed-kits/1/deployment-status');
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('')).toBe('/');
    expect(canonicalPath('/../../etc/passwd')).toBe('/etc/passwd');
  });

  it('answers whether a path lies under a prefix, segment-wise', () => {
    expect(isUnder('/api/admin/users', '/api/admin')).toBe(true);
    expect(isUnder('/api/admin', '/api/admin')).toBe(true);
    expect(isUnder('/api/administrator', '/api/admin')).toBe(false);
  });
});
