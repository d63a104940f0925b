import { cleanEnv, num, str } from 'envalid';
import { DEFAULT_AUDIT_RETENTION_DAYS, DEFAULT_VERIFICATION_GRACE_DAYS } from '@bleedkits/contracts';
import { readServiceEnv, withoutEmpty } from '@bleedkits/platform';

export function readKitsEnv(source: NodeJS.ProcessEnv = process.env) {
  return {
    ...readServiceEnv(source),
    ...cleanEnv(withoutEmpty(source), {
      SEED_DEMO_KITS: num({ default: 0, desc: 'demo kits seeded into an empty register at start; 0 disables' }),
      IDENTITY_REQUEST_TIMEOUT_MS: num({ default: 2000 }),
      POSTCODES_IO_BASE_URL: str({
        default: 'https://api.postcodes.io',
        desc: "reverse geocoding for 'fix missing addresses'; set to 'off' to use only the register's gazetteer",
      }),
      GEOCODING_TIMEOUT_MS: num({ default: 2000 }),
      AUDIT_RETENTION_DAYS: num({ default: DEFAULT_AUDIT_RETENTION_DAYS, desc: 'days an audit entry is kept before the daily retention deletes it' }),
      VERIFICATION_GRACE_DAYS: num({
        default: DEFAULT_VERIFICATION_GRACE_DAYS,
        desc: "days overdue before the ambulance files read 'Needs Verification'",
      }),
    }),
  };
}
export type KitsEnv = ReturnType<typeof readKitsEnv>;
export const KITS_ENV = Symbol('KITS_ENV');
