import { cleanEnv, num, str } from 'envalid';
import { readServiceEnv, withoutEmpty } from '@bleedkits/platform';

export function readImportsEnv(source: NodeJS.ProcessEnv = process.env) {
  return {
    ...readServiceEnv(source),
    ...cleanEnv(withoutEmpty(source), {
      POSTCODES_IO_BASE_URL: str({
        default: 'https://api.postcodes.io',
        desc: "locates import rows without coordinates after the register's own gazetteer; 'off' uses the gazetteer only",
      }),
      GEOCODING_TIMEOUT_MS: num({ default: 2000, desc: 'per postcodes.io call; a slow provider counts as not found' }),
      IMPORTS_BATCH_SIZE: num({ default: 200, desc: 'rows registered per kits request and committed per transaction' }),
      IMPORTS_KITS_TIMEOUT_MS: num({ default: 30_000, desc: 'timeout of one batch registration or update sent to the kits context' }),
      IMPORT_MAX_ROWS: num({ default: 5000, desc: "kit rows one user's import file may hold; a longer file is refused before any row is read" }),
      IMPORT_MAX_ROWS_ADMIN: num({ default: 20_000, desc: "kit rows an admin's import file may hold (a 5 MB file holds about 20,000)" }),
    }),
  };
}
export type ImportsEnv = ReturnType<typeof readImportsEnv>;
export const IMPORTS_ENV = Symbol('IMPORTS_ENV');

/**
 * BullMQ worker timings, read when the workers are declared (a decorator's options are fixed at load). A worker
 * that dies mid-job holds its lock for IMPORTS_JOB_LOCK_MS; then another worker (or the restarted one) takes the
 * job over and resumes after the last committed row. A job may be taken over this many times before it fails.
 */
export function importsWorkerOptions(source: NodeJS.ProcessEnv = process.env) {
  const env = cleanEnv(withoutEmpty(source), {
    IMPORTS_JOB_LOCK_MS: num({ default: 30_000, desc: 'lock of a running import or update job; a dead worker releases its job after this' }),
    IMPORTS_WORKER_CONCURRENCY: num({ default: 2, desc: 'jobs of each queue one imports process runs at once' }),
  });
  return {
    lockDuration: env.IMPORTS_JOB_LOCK_MS,
    stalledInterval: env.IMPORTS_JOB_LOCK_MS,
    maxStalledCount: 20,
    concurrency: env.IMPORTS_WORKER_CONCURRENCY,
  };
}
