import { cleanEnv, num, port, str, url } from 'envalid';

/** Compose and Kubernetes pass unset optional variables as empty strings; treat those as unset. */
export function withoutEmpty(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
}

/** Variables every service process reads. Names live here once; each service adds its own on top. */
export function readServiceEnv(source: NodeJS.ProcessEnv = process.env) {
  return cleanEnv(withoutEmpty(source), {
    NODE_ENV: str({ choices: ['development', 'test', 'production'], default: 'development' }),
    DATABASE_URL: url({ default: 'postgres://postgres@127.0.0.1:5432/bleedkits' }),
    NATS_URL: str({ default: 'nats://127.0.0.1:4222' }),
    REDIS_URL: url({ default: 'redis://127.0.0.1:6379' }),
    LOG_LEVEL: str({ choices: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info' }),
    SERVICE_HTTP_PORT: port({ default: 0, desc: 'liveness, readiness and metrics; 0 picks a free port' }),
    NATS_REQUEST_TIMEOUT_MS: num({ default: 5000 }),
  });
}
export type ServiceEnv = ReturnType<typeof readServiceEnv>;
