import { inspectJson, isUtf8OrNoCharset, mediaType } from './request-bodies';

describe(inspectJson.name, () => {
  const limits = { maxDepth: 32, maxValues: 1000 };

  it('accepts ordinary bodies', () => {
    expect(inspectJson({ kitId: 1, data: { locationName: 'Hall', kitIds: [1, 2, 3] } }, limits)).toBeNull();
    expect(inspectJson([], limits)).toBeNull();
  });

  it('refuses deep nesting without recursing, too many values, and NUL in a value or a key', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(inspectJson(deep, limits)).toBe('tooDeep');
    expect(inspectJson({ a: Array.from({ length: 2000 }, (_, i) => i) }, limits)).toBe('tooManyValues');
    expect(inspectJson({ a: ['ok', 'x\u0000'] }, limits)).toBe('nul');
    expect(inspectJson({ 'k\u0000': 1 }, limits)).toBe('nul');
  });
});

describe(mediaType.name, () => {
  it('reads the media type without parameters, in lower case', () => {
    expect(mediaType('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaType('multipart/form-data; boundary=x')).toBe('multipart/form-data');
    expect(mediaType(undefined)).toBe('');
  });
});

describe(isUtf8OrNoCharset.name, () => {
  it('accepts JSON with no charset or UTF-8 in any spelling, and nothing else', () => {
    for (const ok of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
      'application/json; charset="utf-8"',
      'application/json; charset=utf8',
    ])
      expect([ok, isUtf8OrNoCharset(ok)]).toEqual([ok, true]);
    for (const bad of [
      'application/json; charset=utf-7',
      'application/json; charset=UTF-16LE',
      'application/json; charset=iso-8859-1',
      'application/json; charset=',
      'application/json; charset=utf-8; charset=utf-7',
    ])
      expect([bad, isUtf8OrNoCharset(bad)]).toEqual([bad, false]);
  });
});
