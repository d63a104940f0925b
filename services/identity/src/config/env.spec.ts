import { readIdentityEnv } from './env';

describe(readIdentityEnv.name, () => {
  it('refuses a production start with an example admin password', () => {
    for (const password of ['change-me', 'change-me-admin-password', 'admin', 'password']) {
      expect(() => readIdentityEnv({ NODE_ENV: 'production', ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: password })).toThrow(/ADMIN_PASSWORD/);
    }
    expect(
      readIdentityEnv({ NODE_ENV: 'production', ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'A-l0ng-and-real-passphrase!' }).ADMIN_EMAIL,
    ).toBe('admin@example.org');
  });

  it('refuses argon2id settings below 19 MiB and two passes', () => {
    expect(() => readIdentityEnv({ ARGON2_MEMORY_KIB: '8192' })).toThrow(/argon2id/);
    expect(() => readIdentityEnv({ ARGON2_TIME_COST: '1' })).toThrow(/argon2id/);
  });

  it('treats empty values (as Compose passes them) as unset', () => {
    const env = readIdentityEnv({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    expect(env.ADMIN_EMAIL).toBeUndefined();
    expect(env.ADMIN_PASSWORD).toBeUndefined();
  });
});
