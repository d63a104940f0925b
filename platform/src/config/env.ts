import { cleanEnv, num, port, str, url } from 'envalid';

/** Compose and Kubernetes pass unset optional variables as empty strings; treat those as unset. */
export function withoutEmpty(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
}

/** The placeholder of the secret template (k8s/base/secret.template.yaml) and of the development defaults. */
export const SECRET_PLACEHOLDER = 'CHANGE-ME';

/**
 * A production start refuses any variable still holding the placeholder, in any case and anywhere in the value
 * (`postgres://bleedkits:CHANGE-ME@…`, `change-me-at-least-32-random-characters`): a template applied unedited must
 * not become a running register. Only the names are reported, never the values.
 */
export function refuseSecretPlaceholders(source: NodeJS.ProcessEnv): void {
  if (source.NODE_ENV !== 'production') return;
  const placeholder = SECRET_PLACEHOLDER.toLowerCase();
  const offending = Object.entries(source)
    .filter(([, value]) => typeof value === 'string' && value.toLowerCase().includes(placeholder))
    .map(([name]) => name)
    .sort();
  if (offending.length > 0) {
    throw new Error(`Refusing to start in production: ${offending.join(', ')} still hold the ${SECRET_PLACEHOLDER} placeholder`);
  }
}

/** Variables every service process reads. Names live here once; each service adds its own on top. */
export function readServiceEnv(source: NodeJS.ProcessEnv = process.env) {
  refuseSecretPlaceholders(withoutEmpty(source));
  return cleanEnv(withoutEmpty(source), {
    NODE_ENV: str({ choices: ['development', 'test', 'production'], default: 'development' }),
    DATABASE_URL: url({ default: 'postgres://postgres@127.0.0.1:5432/bleedkits' }),
    NATS_URL: str({ default: 'nats://127.0.0.1:4222' }),
    REDIS_URL: url({ default: 'redis://127.0.0.1:6379' }),
    QUEUE_PREFIX: str({ default: 'bk', desc: 'key prefix of every BullMQ queue of this deployment' }),
    LOG_LEVEL: str({ choices: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info' }),
    SERVICE_HTTP_PORT: port({ default: 0, desc: 'liveness, readiness and metrics; 0 picks a free port' }),
    NATS_REQUEST_TIMEOUT_MS: num({ default: 5000 }),
    SHUTDOWN_TIMEOUT_MS: num({ default: 20_000, desc: 'upper bound of a graceful stop on SIGTERM (below the orchestrator grace period)' }),
  });
}
export type ServiceEnv = ReturnType<typeof readServiceEnv>;
