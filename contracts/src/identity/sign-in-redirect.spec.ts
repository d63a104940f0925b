import { loginRedirectHref, safeReturnTo, signInPageHref } from './sign-in-redirect';

describe('safeReturnTo', () => {
  it.each(['/admin', '/admin/backups?tab=setup', '/dashboard#kits', '/contact?subject=Bank%20Transfer%20Details'])(
    'keeps the site path %s',
    (path) => {
      expect(safeReturnTo(path)).toBe(path);
    },
  );

  it.each([
    ['an absolute URL', 'https://evil.example/admin'],
    ['a protocol-relative URL', '//evil.example/admin'],
    ['a backslash host', '/\\evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'admin'],
    ['a control character', '/admin\n//evil.example'],
    ['a tab', '/\t/evil.example'],
    ['an API call', '/api/login?returnTo=/admin'],
    ['the empty string', ''],
    ['a non-string', ['/admin']],
    ['an over-long path', `/${'a'.repeat(2000)}`],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnTo(value)).toBeNull();
  });

  it('builds the sign-in page and login redirect addresses, dropping an unsafe returnTo', () => {
    expect(signInPageHref('/admin/backups')).toBe('/auth?returnTo=%2Fadmin%2Fbackups');
    expect(signInPageHref('//evil.example')).toBe('/auth');
    expect(loginRedirectHref('/admin?tab=users')).toBe('/api/login?returnTo=%2Fadmin%3Ftab%3Dusers');
    expect(loginRedirectHref(null)).toBe('/api/login');
  });
});
