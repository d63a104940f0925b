import path from 'node:path';
import type * as Envalid from 'envalid';
import { ROOT } from './repo';
import { type Allowances, type ReadVariable, configurationDrift, envSchemaFiles, passedIn, staleAllowances } from './configuration';

// Every env schema is read live: envalid's cleanEnv records the spec it is given, and each schema file's exported
// readers are called with an empty environment. A variable added to any schema tomorrow is checked without a list.
const recorded: { spec: Record<string, object> }[] = [];
jest.mock('envalid', () => {
  const actual = jest.requireActual<typeof Envalid>('envalid');
  return {
    ...actual,
    cleanEnv: (env: unknown, spec: Record<string, object>, options?: unknown) => {
      recorded.push({ spec });
      return (actual.cleanEnv as (e: unknown, s: unknown, o?: unknown) => unknown)(env, spec, options);
    },
  };
});

/** Every variable each app's schemas declare; off-unless-set = no default, or an empty one (a key, a credential). */
function readVariables(): ReadVariable[] {
  const variables: ReadVariable[] = [];
  for (const { app, file } of envSchemaFiles()) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- each schema file, found at run time
    const exported = require(file) as Record<string, unknown>;
    for (const reader of Object.values(exported)) {
      if (typeof reader !== 'function') continue;
      recorded.length = 0;
      try {
        (reader as (source: NodeJS.ProcessEnv) => unknown)({});
      } catch {
        // a reader that needs more than an environment still recorded the schema it checked first
      }
      for (const { spec } of recorded)
        for (const [name, validator] of Object.entries(spec)) {
          const fallback = (validator as { default?: unknown }).default;
          variables.push({ name, app, offUnlessSet: !('default' in validator) || fallback === undefined || fallback === '' });
        }
    }
  }
  return variables;
}

/**
 * The allow-list, each entry with its reason. perEnvironment: variables without a default that a deployment leaves
 * out on purpose. readElsewhere: variables documented or passed that no env schema declares; the test checks that the
 * named file still reads each one.
 */
const ALLOW: Allowances = {
  perEnvironment: {
    ALLOWED_ORIGINS: 'development only: the Vite dev server origin; a deployment serves the web app from its own origin',
    WEB_DIST_DIR: "the images carry the built web app where the gateway's default finds it (deploy/Dockerfile)",
    BACKUP_PG_BIN_DIR: 'the backups image has pg_dump on PATH, where the default looks',
    BACKUP_PREVIOUS_KEYS: 'only after a key change: that environment adds the old key to its Secret then',
    CONTACT_INBOX_EMAIL: 'unset is a complete behaviour: every admin receives contact messages',
    VERIFICATION_DIGEST_TO: 'unset is a complete behaviour: the admins receive the weekly digest',
  },
  readElsewhere: {
    OTEL_EXPORTER_OTLP_ENDPOINT: 'platform/src/tracing/tracing.ts',
    START_SKIP_BUILD: 'scripts/start.mjs',
    START_HEALTH_TIMEOUT_SECONDS: 'scripts/start.mjs',
    TEST_SKIP_E2E: 'scripts/test.mjs',
    NATS_SERVER_BIN: 'scripts/test.mjs',
    TEST_JEST_TIMEOUT_MINUTES: 'scripts/test.mjs',
    TEST_PLAYWRIGHT_TIMEOUT_MINUTES: 'scripts/test.mjs',
    E2E_NODE_ENV: 'scripts/test.mjs',
    E2E_SEED_DEMO_KITS: 'scripts/test.mjs',
    E2E_AUTH_MAX_REQUESTS_PER_CLIENT: 'scripts/test.mjs',
  },
};

/** ISSUE 25, acceptance 5: what the services and the gateway read is what .env.example, compose and k8s pass. */
describe('configuration that matches', () => {
  const read = readVariables();

  it('finds every app and the variables of its schemas', () => {
    const apps = new Set(read.map((v) => v.app));
    expect([...apps].sort()).toEqual(['backups', 'gateway', 'geo-search', 'identity', 'imports', 'kits', 'notifications', 'verification']);
    expect(read).toContainEqual({ name: 'W3W_API_KEY', app: 'geo-search', offUnlessSet: true });
    expect(read).toContainEqual({ name: 'DATABASE_URL', app: 'kits', offUnlessSet: false });
    expect(read).toContainEqual({ name: 'FINDER_CACHE_BYTES', app: 'gateway', offUnlessSet: false });
  });

  it("fails on the drift of before the fix (a copy of that day's .env.example, compose file and k8s/base)", () => {
    const drift = configurationDrift(read, passedIn(path.join(__dirname, 'fixtures', 'configuration-drift')), ALLOW);
    expect(drift).toEqual(
      expect.arrayContaining([
        'W3W_API_KEY is read by geo-search but docker-compose.yml does not pass it to geo-search',
        'W3W_API_KEY is read by geo-search but the k8s manifests do not pass it to geo-search',
        'GOOGLE_GEOCODING_API_KEY is read by geo-search but docker-compose.yml does not pass it to geo-search',
        'GOOGLE_GEOCODING_API_KEY is read by geo-search but the k8s manifests do not pass it to geo-search',
        'DROPBOX_ACCESS_TOKEN is passed by the k8s Secret template but read by nothing',
        'DROPBOX_ACCESS_TOKEN is passed to backups by docker-compose.yml but backups does not read it',
        'DROPBOX_ACCESS_TOKEN is passed to backups by the k8s manifests but backups does not read it',
      ]),
    );
  });

  it('finds no drift in the repository', () => {
    expect(configurationDrift(read, passedIn(ROOT), ALLOW)).toEqual([]);
  });

  it('keeps an honest allow-list: each variable read elsewhere is still read there', () => {
    expect(staleAllowances(ALLOW)).toEqual([]);
  });
});
