import * as path from 'node:path';
import { type AllowedCall, type AllowedRawClient, e2eSpecs, readSource, uncheckedCalls } from './testing/undescribed-calls';

const ROOT = path.resolve(__dirname, '../../..');

/** Calls of the global fetch that reach no documented gateway operation, each with why it stays unchecked. */
const NOT_THE_GATEWAY: AllowedCall[] = [
  { file: 'gateway/src/routes/admin/backups/backups.e2e-spec.ts', argument: /^authorizeUrl$/, reason: "the Dropbox fake's authorize page" },
  {
    file: 'gateway/src/routes/admin/audit/audit.e2e-spec.ts',
    argument: /^new URL\(connect\.body\.authorizeUrl/,
    reason: "the Dropbox fake's authorize page",
  },
  {
    file: 'gateway/src/routes/auth/google/google-auth.e2e-spec.ts',
    argument: /^start\.headers\.get\('location'\)!$/,
    reason: 'the Google OAuth fake',
  },
  { file: 'gateway/src/cluster/nats-cluster.e2e-spec.ts', argument: /monitorUrl\}\/(jsz|varz)/, reason: "a NATS server's monitoring port" },
  {
    file: 'gateway/src/routes/finder/finder-faults.e2e-spec.ts',
    argument: /^`http:\/\/127\.0\.0\.1:\$\{p\.httpPort\}\/(readyz|metrics)`$/,
    reason: "a geo-search replica's own probe and metrics",
  },
  {
    file: 'gateway/src/bootstrap/graceful-stop.e2e-spec.ts',
    argument: /^`http:\/\/127\.0\.0\.1:\$\{replica\.httpPort\}\/metrics`$/,
    reason: "a kits replica's own metrics",
  },
  {
    file: 'gateway/src/bootstrap/operations-metrics.e2e-spec.ts',
    argument: /^`http:\/\/127\.0\.0\.1:\$\{stack\.gateway\.managementPort\}\/metrics`$/,
    reason: 'the internal management port (bootstrap/management-server.ts), no part of the documented surface',
  },
  {
    file: 'gateway/src/routes/health/probes.e2e-spec.ts',
    argument: /^`\$\{management\}/,
    reason: 'the internal management port (bootstrap/management-server.ts), no part of the documented surface',
  },
];

/** Specs that read raw bytes with node:http and need no checkDescribed, each with why. */
const RAW_CLIENTS: AllowedRawClient[] = [
  {
    file: 'gateway/src/web/static-assets.e2e-spec.ts',
    reason: 'reads the web app and its assets (/, deep links, /assets/*), which are no /api operation',
  },
];

/** Issue 30, acceptance 3: no gateway e2e spec reads an answer the OpenAPI check does not see. */
describe('gateway e2e answers go through the description check', () => {
  const specs = e2eSpecs(ROOT, path.join(ROOT, 'gateway'));

  it('finds the gateway e2e specs', () => {
    expect(specs.length).toBeGreaterThan(40);
    expect(specs).toContain('gateway/src/routes/finder/finder.e2e-spec.ts');
  });

  it('leaves no global fetch or node:http read of the gateway unchecked', () => {
    const found = specs.flatMap((file) => uncheckedCalls(file, readSource(ROOT, file), NOT_THE_GATEWAY, RAW_CLIENTS));
    expect(found.map((c) => `${c.file}:${c.line} ${c.call}`)).toEqual([]);
  });

  it('allows only calls that still exist, each with its reason', () => {
    const stale = NOT_THE_GATEWAY.filter(
      (a) => !a.reason.trim() || uncheckedCalls(a.file, readSource(ROOT, a.file)).every((c) => !a.argument.test(c.call.slice('fetch('.length, -1))),
    );
    const staleRaw = RAW_CLIENTS.filter(
      (a) => !a.reason.trim() || !uncheckedCalls(a.file, readSource(ROOT, a.file)).some((c) => c.call.startsWith('node:http')),
    );
    expect([...stale, ...staleRaw].map((a) => a.file)).toEqual([]);
  });

  it('catches a bare fetch, globalThis.fetch and an unchecked node:http read, and lets the checked and allowed calls by', () => {
    const file = 'gateway/src/openapi/testing/fixtures/unchecked-calls.fixture.ts';
    const fake: AllowedCall = { file, argument: /^fakeUrl$/, reason: 'a fake' };
    const found = uncheckedCalls(file, readSource(ROOT, file), [fake]);
    expect(found.map((c) => c.call)).toEqual([
      'fetch(`${baseUrl}/api/bleed-kits/nearby?lat=53&lng=-2`)',
      "fetch(baseUrl + '/api/health')",
      'node:http get/request without checkDescribed',
    ]);
    // Without its allow-list entry the call to the fake is caught too.
    expect(uncheckedCalls(file, readSource(ROOT, file)).map((c) => c.call)).toContain('fetch(fakeUrl)');
    // A node:http client that checks its answers passes.
    const checked = readSource(ROOT, file).replace(
      'resolve(res.statusCode ?? 0)',
      'void checkDescribed(baseUrl, "GET", "/api/health", { status: 0, headers: {}, body: "" })',
    );
    expect(uncheckedCalls(file, checked, [fake]).map((c) => c.call)).not.toContain('node:http get/request without checkDescribed');
  });
});
