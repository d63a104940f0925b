import { DEFAULT_SESSION_SECRET, readGatewayEnv } from './env';

describe(readGatewayEnv.name, () => {
  it('refuses a production start with the default or a short session secret', () => {
    expect(() => readGatewayEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => readGatewayEnv({ NODE_ENV: 'production', SESSION_SECRET: DEFAULT_SESSION_SECRET })).toThrow(/SESSION_SECRET/);
    expect(() => readGatewayEnv({ NODE_ENV: 'production', SESSION_SECRET: 'too-short' })).toThrow(/SESSION_SECRET/);
    expect(readGatewayEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).NODE_ENV).toBe('production');
  });

  it('accepts the development defaults and treats empty values as unset', () => {
    const env = readGatewayEnv({ NODE_ENV: 'development', TRUST_PROXY: '', PORT: '' });
    expect(env.PORT).toBe(8080);
    expect(env.TRUST_PROXY).toBe('');
    expect(env.PUBLIC_BASE_URL).toBe('http://localhost:8080');
    expect(env.googleConfigured).toBe(false);
  });
});
