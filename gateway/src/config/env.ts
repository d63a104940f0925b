import { bool, cleanEnv, num, port, str, url } from 'envalid';
import { withoutEmpty } from '@bleedkits/platform';

export const DEFAULT_SESSION_SECRET = 'dev-only-session-secret-change-me';

export function readGatewayEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = cleanEnv(withoutEmpty(source), {
    NODE_ENV: str({ choices: ['development', 'test', 'production'], default: 'development' }),
    PORT: port({ default: 8080 }),
    NATS_URL: str({ default: 'nats://127.0.0.1:4222' }),
    REDIS_URL: url({ default: 'redis://127.0.0.1:6379' }),
    REDIS_KEY_PREFIX: str({ default: 'bk:', desc: 'namespace for sessions and rate-limit counters' }),
    SESSION_SECRET: str({ default: DEFAULT_SESSION_SECRET }),
    SESSION_TTL_HOURS: num({ default: 24 * 14 }),
    PUBLIC_BASE_URL: str({ default: '' }),
    ALLOWED_ORIGINS: str({ default: '', desc: 'extra origins allowed to change data, comma separated (e.g. the Vite dev server)' }),
    TRUST_PROXY: str({ default: '', desc: 'Express trust proxy setting; unset = the socket address is the client' }),
    WEB_DIST_DIR: str({ default: '' }),
    NATS_REQUEST_TIMEOUT_MS: num({ default: 5000 }),
    HEALTH_TIMEOUT_MS: num({ default: 2000 }),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: num({ default: 10 }),
    LOGIN_FAILURE_WINDOW_SECONDS: num({ default: 900 }),
    AUTH_MAX_REQUESTS_PER_CLIENT: num({ default: 60 }),
    AUTH_RATE_WINDOW_SECONDS: num({ default: 60 }),
    GOOGLE_CLIENT_ID: str({ default: '' }),
    GOOGLE_CLIENT_SECRET: str({ default: '' }),
    GOOGLE_AUTH_URL: str({ default: 'https://accounts.google.com/o/oauth2/v2/auth' }),
    GOOGLE_TOKEN_URL: str({ default: 'https://oauth2.googleapis.com/token' }),
    GOOGLE_USERINFO_URL: str({ default: 'https://openidconnect.googleapis.com/v1/userinfo' }),
    GOOGLE_MAPS_API_KEY: str({ default: '', desc: 'browser key for the Maps JavaScript API' }),
    BENCH_SQL_BASELINE: bool({ default: false, desc: 'enables /api/bench/public-sql, the benchmark baseline' }),
    SERVE_WEB: bool({ default: true, desc: 'serve the built web app from WEB_DIST_DIR when it exists' }),
    LOG_LEVEL: str({ default: 'info' }),
  });
  if (env.NODE_ENV === 'production' && (env.SESSION_SECRET === DEFAULT_SESSION_SECRET || env.SESSION_SECRET.length < 32)) {
    throw new Error('Refusing to start in production without a SESSION_SECRET of at least 32 characters');
  }
  const publicBaseUrl = env.PUBLIC_BASE_URL || `http://localhost:${env.PORT}`;
  return { ...env, PUBLIC_BASE_URL: publicBaseUrl, googleConfigured: !!(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) };
}
export type GatewayEnv = ReturnType<typeof readGatewayEnv>;
export const GATEWAY_ENV = Symbol('GATEWAY_ENV');
