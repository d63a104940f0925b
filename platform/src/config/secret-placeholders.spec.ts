import { readServiceEnv, refuseSecretPlaceholders } from './env';

/** ISSUE 16: the secret template's placeholders are refused by a production start, in any case, anywhere in a value. */
describe(refuseSecretPlaceholders.name, () => {
  const production = { NODE_ENV: 'production' };

  it.each([
    ['DATABASE_URL', 'postgres://bleedkits:CHANGE-ME@postgres.bleedkits-infra.svc:5432/bleedkits'],
    ['SESSION_SECRET', 'change-me-at-least-32-random-characters'],
    ['ADMIN_PASSWORD', 'Change-Me'],
    ['BACKUP_ENCRYPTION_KEY', 'xxCHANGE-MExx'],
  ])('refuses %s holding the placeholder (%s), naming the variable but not the value', (name, value) => {
    expect(() => refuseSecretPlaceholders({ ...production, [name]: value })).toThrow(
      new RegExp(`^Refusing to start in production: ${name} still hold`),
    );
    try {
      refuseSecretPlaceholders({ ...production, [name]: value });
    } catch (e) {
      expect((e as Error).message).not.toContain(value);
    }
  });

  it('names every offending variable at once', () => {
    expect(() => refuseSecretPlaceholders({ ...production, SESSION_SECRET: 'CHANGE-ME', ADMIN_PASSWORD: 'change-me' })).toThrow(
      'ADMIN_PASSWORD, SESSION_SECRET',
    );
  });

  it('lets real values through, and development or test starts with placeholders', () => {
    expect(() =>
      refuseSecretPlaceholders({ ...production, SESSION_SECRET: 'a'.repeat(40), DATABASE_URL: 'postgres://u:pw@db/bleedkits' }),
    ).not.toThrow();
    expect(() => refuseSecretPlaceholders({ NODE_ENV: 'development', SESSION_SECRET: 'CHANGE-ME' })).not.toThrow();
    expect(() => refuseSecretPlaceholders({ NODE_ENV: 'test', ADMIN_PASSWORD: 'change-me' })).not.toThrow();
  });

  it('is applied by every service start (readServiceEnv)', () => {
    expect(() => readServiceEnv({ ...production, DATABASE_URL: 'postgres://bleedkits:CHANGE-ME@db:5432/bleedkits' })).toThrow(/DATABASE_URL/);
    expect(readServiceEnv({ ...production, DATABASE_URL: 'postgres://bleedkits:s3cret@db:5432/bleedkits' }).SHUTDOWN_TIMEOUT_MS).toBe(20_000);
  });
});
