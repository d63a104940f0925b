import { bool, cleanEnv, email, makeValidator, num, port, str, url } from 'envalid';
import { refuseSecretPlaceholders, withoutEmpty } from '@bleedkits/platform';
import { readFinderEnv } from '../routes/finder/finder-env';

export const DEFAULT_SESSION_SECRET = 'dev-only-session-secret-change-me';

/** A page the browser may open: http or https only (never javascript: or data:). */
const webPage = makeValidator<string>((value) => {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`${value} is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`${value} is not an http(s) page`);
  return parsed.toString();
});

export function readGatewayEnv(source: NodeJS.ProcessEnv = process.env) {
  refuseSecretPlaceholders(withoutEmpty(source));
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
    LOGIN_MAX_FAILURES_PER_ACCOUNT: num({
      default: 20,
      desc: 'failed sign-ins per account from all clients per window; then only trusted devices may try',
    }),
    LOGIN_FAILURE_WINDOW_SECONDS: num({ default: 900 }),
    LOGIN_FREE_FAILURES_PER_CLIENT: num({ default: 5, desc: 'failed sign-ins of one client for one account before exponential back-off' }),
    LOGIN_LOCKOUT_BASE_SECONDS: num({ default: 30, desc: 'first back-off of a client for an account; doubles with each further failure' }),
    LOGIN_LOCKOUT_MAX_SECONDS: num({ default: 900, desc: 'longest back-off of a client for an account' }),
    LOGIN_TRUSTED_DEVICE_DAYS: num({ default: 180, desc: 'how long a browser that signed in stays exempt from the per-account lock' }),
    HTTP_HEADERS_TIMEOUT_MS: num({ default: 10_000, desc: 'a client must send all request headers within this time (slow-headers attacks)' }),
    HTTP_REQUEST_TIMEOUT_MS: num({
      default: 30_000,
      desc: 'a client must send the whole request, body included, within this time (slow-body attacks)',
    }),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: num({
      default: 5_000,
      desc: 'an idle keep-alive connection is closed after this time (below the load balancer idle timeout)',
    }),
    HTTP_TIMEOUT_CHECK_INTERVAL_MS: num({ default: 1_000, desc: 'how often the server checks for requests past the timeouts above' }),
    JSON_BODY_LIMIT_BYTES: num({ default: 256 * 1024, desc: 'largest JSON request body (uploads are multipart with their own limits)' }),
    JSON_MAX_DEPTH: num({ default: 32, desc: 'deepest nesting of a JSON request body' }),
    JSON_MAX_VALUES: num({ default: 20_000, desc: 'most values (strings, numbers, objects...) in a JSON request body' }),
    AUTH_MAX_REQUESTS_PER_CLIENT: num({ default: 60 }),
    AUTH_RATE_WINDOW_SECONDS: num({ default: 60 }),
    CONTACT_MAX_MESSAGES_PER_CLIENT: num({ default: 5, desc: 'contact-form messages per client address per CONTACT_RATE_WINDOW_SECONDS' }),
    CONTACT_RATE_WINDOW_SECONDS: num({ default: 3600 }),
    AMBULANCE_FEED_MAX_REQUESTS_PER_MINUTE: num({
      default: 120,
      desc: 'requests per ambulance-feed key per minute (shared by gateway replicas in Redis)',
    }),
    GOOGLE_CLIENT_ID: str({ default: '' }),
    GOOGLE_CLIENT_SECRET: str({ default: '' }),
    GOOGLE_AUTH_URL: str({ default: 'https://accounts.google.com/o/oauth2/v2/auth' }),
    GOOGLE_TOKEN_URL: str({ default: 'https://oauth2.googleapis.com/token' }),
    GOOGLE_USERINFO_URL: str({ default: 'https://openidconnect.googleapis.com/v1/userinfo' }),
    GOOGLE_MAPS_API_KEY: str({ default: '', desc: 'browser key for the Maps JavaScript API' }),
    CHARITY_CONTACT_EMAIL: email({ default: undefined, desc: "the charity's public e-mail address (contact page, footer, donate page)" }),
    CHARITY_CONTACT_PHONE: str({ default: undefined, desc: "the charity's public phone number" }),
    CHARITY_POSTAL_ADDRESS: str({ default: undefined, desc: "the charity's postal address on one line, its lines separated by commas" }),
    DONATE_GIVING_PLATFORM_URL: webPage({ default: undefined, desc: "the charity's own page on the online giving platform (Gift Aid)" }),
    DONATE_PAYMENT_SERVICE_URL: webPage({ default: undefined, desc: "the charity's own page on the payment service" }),
    BENCH_SQL_BASELINE: bool({ default: false, desc: 'enables /api/bench/public-sql, the benchmark baseline' }),
    SERVE_WEB: bool({ default: true, desc: 'serve the built web app from WEB_DIST_DIR when it exists' }),
    LOG_LEVEL: str({ default: 'info' }),
    MANAGEMENT_PORT: port({ default: 0, desc: 'internal port of /healthz, /readyz and /metrics (never behind the Ingress); 0 picks a free port' }),
    SHUTDOWN_TIMEOUT_MS: num({ default: 20_000, desc: 'upper bound of a graceful stop on SIGTERM (below the orchestrator grace period)' }),
  });
  if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) throw new Error('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  if (env.NODE_ENV === 'production' && (env.SESSION_SECRET === DEFAULT_SESSION_SECRET || env.SESSION_SECRET.length < 32)) {
    throw new Error('Refusing to start in production without a SESSION_SECRET of at least 32 characters');
  }
  const publicBaseUrl = env.PUBLIC_BASE_URL || `http://localhost:${env.PORT}`;
  // The finder's fast path reads the same source, so a setting given to the gateway reaches it too.
  return {
    ...env,
    PUBLIC_BASE_URL: publicBaseUrl,
    googleConfigured: !!(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    finder: readFinderEnv(source),
  };
}
export type GatewayEnv = ReturnType<typeof readGatewayEnv>;
export const GATEWAY_ENV = Symbol('GATEWAY_ENV');
