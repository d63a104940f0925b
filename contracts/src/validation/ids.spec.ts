import { isUuid } from './ids';

describe(isUuid.name, () => {
  it('takes a UUID in either case and nothing else', () => {
    expect(isUuid('3f2b8c1e-9a4d-4e7f-8b6a-0c1d2e3f4a5b')).toBe(true);
    expect(isUuid('3F2B8C1E-9A4D-4E7F-8B6A-0C1D2E3F4A5B')).toBe(true);
    for (const other of ['', 'nope', '3f2b8c1e-9a4d-4e7f-8b6a-0c1d2e3f4a5b0', ' 3f2b8c1e-9a4d-4e7f-8b6a-0c1d2e3f4a5b', 42, null, undefined, {}])
      expect(isUuid(other)).toBe(false);
  });
});
