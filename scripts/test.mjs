#!/usr/bin/env node
// `npm test`: the one test command. Jest (unit + integration + web component tests), then the built stack
// end to end (a smoke check of what `npm start` serves, then Playwright), then exactly one line
// `N passed, N failed`. TEST_SKIP_E2E=1 stops after Jest.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULTS,
  ROOT,
  distinctListeningPorts,
  dropDatabase,
  ensureDatabase,
  ensureInfrastructure,
  findNatsServer,
  freePort,
  loadEnvFile,
  redisCommands,
  redisDb,
  replaceDatabase,
  waitForPort,
} from './lib/infra.mjs';
import { SERVICES, missingBuilds, startStack } from './lib/stack.mjs';
import { startSmtpPeer } from './lib/smtp-peer.mjs';
import { startDropboxPeer } from './lib/dropbox-peer.mjs';
import { countJest, countPlaywright, sanitizeLine, summaryLine } from './lib/summary.mjs';

const MIN = 60_000;
const LIMITS = {
  // Integration tiers now kill and restart real service processes and page through 20,000-kit registers.
  jest: Number(process.env.TEST_JEST_TIMEOUT_MINUTES || 40) * MIN,
  build: 8 * MIN,
  health: 3 * MIN,
  // The accessibility suite visits every route in three roles at five widths: a few minutes on two cores.
  playwright: Number(process.env.TEST_PLAYWRIGHT_TIMEOUT_MINUTES || 20) * MIN,
};
const DATA_DIR = path.join(ROOT, '.data');
const JEST_RESULTS = path.join(DATA_DIR, 'jest-results.json');
const STACK_LOG = path.join(DATA_DIR, 'e2e-stack.log');
const PLAYWRIGHT_CONFIG = path.join(ROOT, 'web', 'playwright.config.ts');
const PLAYWRIGHT_RESULTS = path.join(ROOT, 'web', 'e2e', '.artifacts', 'results.json');
const SMOKE_NAME = 'smoke: npm start serves the web app and /api/health reports all seven services up';

const note = (text) => {
  for (const line of String(text).split('\n')) process.stderr.write(`${sanitizeLine(`[test] ${line}`)}\n`);
};

/** One entry per counted thing: { name, passed, failed }. */
const results = [];
function record(name, passed, failed, detail = '') {
  results.push({ name, passed, failed });
  note(`${name}: passed ${passed}, failed ${failed}${detail ? ` (${detail})` : ''}`);
}

// ---- child processes -----------------------------------------------------------------------------

const activeGroups = new Set();

function pipeSanitized(stream, out) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) out.write(`${sanitizeLine(line)}\n`);
  });
  stream.on('end', () => {
    if (rest) out.write(`${sanitizeLine(rest)}\n`);
  });
}

/** Runs a command in its own process group, streaming its output line by line; kills the group on timeout. */
function run(cmd, args, { env, timeoutMs, label }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    activeGroups.add(child.pid);
    pipeSanitized(child.stdout, process.stdout);
    pipeSanitized(child.stderr, process.stderr);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      note(`${label} did not finish within ${Math.round(timeoutMs / MIN)} min: stopping it`);
      killGroup(child.pid, 'SIGTERM');
      setTimeout(() => killGroup(child.pid, 'SIGKILL'), 10_000).unref();
    }, timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      activeGroups.delete(child.pid);
      resolve({ code: null, error: err, timedOut });
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      activeGroups.delete(child.pid);
      resolve({ code: code ?? (signal ? `signal ${signal}` : null), timedOut });
    });
  });
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// ---- steps ---------------------------------------------------------------------------------------

async function runJest(env) {
  mkdirSync(DATA_DIR, { recursive: true });
  rmSync(JEST_RESULTS, { force: true });
  // Every project but the context generator's (npm run test:new-context).
  const projects = ['--selectProjects', 'unit', 'integration', 'web'];
  note(`Jest: npx jest ${projects.join(' ')} --ci --json --outputFile=.data/jest-results.json --maxWorkers=2`);
  const r = await run('npx', ['jest', ...projects, '--ci', '--json', `--outputFile=${path.relative(ROOT, JEST_RESULTS)}`, '--maxWorkers=2'], {
    // A NODE_ENV from .env (development) must not leak into the tests.
    env: { ...env, NODE_ENV: 'test' },
    timeoutMs: LIMITS.jest,
    label: 'Jest',
  });
  if (r.error) return record('Jest', 0, 1, `could not run: ${r.error.message}`);
  const counts = countJest(r.timedOut ? null : readJson(JEST_RESULTS), r.timedOut ? 'timeout' : r.code);
  record('Jest', counts.passed, counts.failed, counts.note);
}

function tail(file, lines) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function smokeCheck(baseUrl) {
  const problems = [];
  try {
    const res = await fetch(`${baseUrl}/`, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(10_000) });
    const body = await res.text();
    if (res.status !== 200) problems.push(`GET / answered ${res.status}`);
    else if (!/text\/html/i.test(res.headers.get('content-type') ?? '')) problems.push(`GET / answered ${res.headers.get('content-type')}, not HTML`);
    else if (!/<div[^>]*\bid\s*=\s*["']?root["'\s>]/i.test(body)) problems.push('GET / HTML has no <div id="root"> (the app root)');
  } catch (err) {
    problems.push(`GET / failed: ${err.message}`);
  }
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
    const text = await res.text();
    if (res.status !== 200) problems.push(`GET /api/health answered ${res.status}: ${text.slice(0, 300)}`);
    else {
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        problems.push('GET /api/health did not answer JSON');
      }
      if (body) {
        if (body.status !== 'up') problems.push(`/api/health status is ${JSON.stringify(body.status)}`);
        const down = SERVICES.filter((s) => body.services?.[s]?.status !== 'up');
        if (down.length) problems.push(`/api/health: not up: ${down.join(', ')}`);
      }
    }
  } catch (err) {
    problems.push(`GET /api/health failed: ${err.message}`);
  }
  return problems;
}

let cleanup = async () => {};

/** ESLint over every workspace counts as one check: a lint error fails the run like a failing test. */
const LINTED = ['contracts/src', 'platform/src', 'gateway/src', 'gateway/test', 'services', 'web/src', 'web/e2e', 'scripts/architecture.spec.ts'];
async function runLint(env) {
  note(`ESLint: npx eslint --concurrency=2 ${LINTED.join(' ')}`);
  // Type-aware rules hold a TypeScript program per workspace in one process: more than Node's default heap allows.
  const lintEnv = { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim() };
  // Two threads: ESLint alone keeps one of the machine's two cores busy for two minutes.
  const r = await run('npx', ['eslint', '--concurrency=2', '--max-warnings=0', ...LINTED], { env: lintEnv, timeoutMs: LIMITS.jest, label: 'ESLint' });
  if (r.error) return record('ESLint', 0, 1, `could not run: ${r.error.message}`);
  record('ESLint', r.code === 0 ? 1 : 0, r.code === 0 ? 0 : 1, r.timedOut ? 'timeout' : r.code === 0 ? 'no problems' : 'problems above');
}

/** `prettier --check .` counts as one check: a file not formatted as committed fails the run like a lint error. */
async function runFormatCheck(env) {
  note('Prettier: npx prettier --check .');
  const r = await run('npx', ['prettier', '--check', '.', '--log-level', 'warn'], { env, timeoutMs: LIMITS.build, label: 'Prettier' });
  if (r.error) return record('Prettier', 0, 1, `could not run: ${r.error.message}`);
  record(
    'Prettier',
    r.code === 0 ? 1 : 0,
    r.code === 0 ? 0 : 1,
    r.timedOut ? 'timeout' : r.code === 0 ? 'every file formatted' : 'files listed above (npm run format)',
  );
}

async function runEndToEnd(env) {
  note('build: npx nx run-many -t build');
  const build = await run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=stream'], { env, timeoutMs: LIMITS.build, label: 'build' });
  if (build.code !== 0) {
    record(
      'build',
      0,
      1,
      `nx run-many -t build ${build.timedOut ? 'timed out' : `failed (exit ${build.code ?? build.error?.message})`}; end-to-end tests not run`,
    );
    return;
  }
  const missing = missingBuilds();
  if (missing.length) {
    record('e2e stack', 0, 1, `the build left no ${missing.join(', ')}; end-to-end tests not run`);
    return;
  }

  const natsBin = env.NATS_SERVER_BIN;
  const databaseUrl = replaceDatabase(env.DATABASE_URL, 'bleedkits_e2e');
  const redisUrl = redisDb(env.REDIS_URL, 15);
  const natsDir = mkdtempSync(path.join(os.tmpdir(), 'bleedkits-e2e-nats-'));
  // The e2e stack's backups (and their development key) stay out of the developer's .data/backups.
  const backupDir = mkdtempSync(path.join(os.tmpdir(), 'bleedkits-e2e-backups-'));
  let nats;
  let stack;
  let smtpPeer;
  let dropboxPeer;
  cleanup = async () => {
    cleanup = async () => {};
    if (stack) await stack.stop().catch((e) => note(`stopping the stack: ${e.message}`));
    if (smtpPeer) await smtpPeer.stop().catch((e) => note(`stopping the SMTP peer: ${e.message}`));
    if (dropboxPeer) await dropboxPeer.close().catch((e) => note(`stopping the Dropbox peer: ${e.message}`));
    if (nats && nats.exitCode === null) {
      const gone = new Promise((r) => nats.once('exit', r));
      nats.kill('SIGTERM');
      const t = setTimeout(() => nats.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(t);
    }
    rmSync(natsDir, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  };

  try {
    await dropDatabase(databaseUrl);
    await ensureDatabase(databaseUrl);
    await redisCommands(redisUrl, [['FLUSHDB']]);

    const [natsPort, gatewayPort, ...servicePortList] = await distinctListeningPorts(2 + SERVICES.length);
    if (!natsBin) throw new Error('no nats-server binary for the private NATS');
    nats = spawn(natsBin, ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', natsDir], { stdio: 'ignore' });
    await waitForPort('127.0.0.1', natsPort, { timeoutMs: 20_000, name: 'private nats-server' });

    const servicePorts = Object.fromEntries(SERVICES.map((s, i) => [s, servicePortList[i]]));
    // The stack's e-mail goes to a local SMTP peer that Playwright can read (scripts/lib/smtp-peer.mjs).
    smtpPeer = await startSmtpPeer();
    // Dropbox is a local peer too: an admin connects it in the browser (OAuth with PKCE) and backups are copied there.
    dropboxPeer = await startDropboxPeer(ROOT);
    const stackEnv = {
      ...env,
      SMTP_URL: smtpPeer.smtpUrl,
      DROPBOX_APP_KEY: dropboxPeer.appKey,
      DROPBOX_AUTHORIZE_URL: dropboxPeer.authorizeUrl,
      DROPBOX_API_URL: dropboxPeer.url,
      DROPBOX_CONTENT_URL: dropboxPeer.url,
      NODE_ENV: process.env.E2E_NODE_ENV || 'test',
      DATABASE_URL: databaseUrl,
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      REDIS_URL: redisUrl,
      BACKUP_DIR: backupDir,
      // A key of its own, so the stack also starts with E2E_NODE_ENV=production (which refuses backups without one).
      BACKUP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ADMIN_EMAIL: 'admin@e2e.test',
      ADMIN_PASSWORD: 'E2e-Admin-Pass1!',
      SESSION_SECRET: `e2e-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`,
      CUSTODIAN_STOP_LINK_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_BASE_URL: `http://127.0.0.1:${gatewayPort}`,
      SEED_DEMO_KITS: process.env.E2E_SEED_DEMO_KITS || '45',
      // Playwright signs in from one address many times; the limit itself is tested in the gateway's own tests.
      AUTH_MAX_REQUESTS_PER_CLIENT: process.env.E2E_AUTH_MAX_REQUESTS_PER_CLIENT || '1000',
      // The charity's settings, so the browser specs (axe included) see the contact details and donation options.
      CHARITY_CONTACT_EMAIL: 'hello@bleedkits.example',
      CHARITY_CONTACT_PHONE: '0161 496 0000',
      CHARITY_POSTAL_ADDRESS: 'Unit 4, 12 High Street, Manchester, M1 1AA',
      DONATE_GIVING_PLATFORM_URL: 'https://giving.example/charity/uk-bleed-kit-register',
      DONATE_PAYMENT_SERVICE_URL: 'https://pay.example/donate/uk-bleed-kit-register',
      LOG_LEVEL: env.LOG_LEVEL || 'info',
    };
    delete stackEnv.PORT;
    writeFileSync(STACK_LOG, '');
    note(
      `e2e: starting the stack on http://127.0.0.1:${gatewayPort} (database bleedkits_e2e, private NATS on ${natsPort}, Redis db 15; logs in .data/e2e-stack.log)`,
    );
    let gaveUp = null;
    stack = await startStack({
      env: stackEnv,
      port: gatewayPort,
      servicePorts,
      log: (line) => appendFileSync(STACK_LOG, `${line}\n`),
      onGiveUp: (name) => (gaveUp = name),
    });
    const baseUrl = stack.url;

    let healthy = true;
    try {
      await stack.waitHealthy({ timeoutMs: LIMITS.health });
    } catch (err) {
      healthy = false;
      note(`e2e: the stack did not become healthy: ${err.message}`);
    }

    const problems = await smokeCheck(baseUrl);
    if (problems.length) {
      record(SMOKE_NAME, 0, 1, problems.join('; '));
      note(`last lines of .data/e2e-stack.log:\n${tail(STACK_LOG, 60)}`);
    } else {
      record(SMOKE_NAME, 1, 0);
    }

    if (!existsSync(PLAYWRIGHT_CONFIG)) {
      note('Playwright: web/playwright.config.ts does not exist yet: Playwright skipped');
    } else if (!healthy) {
      record('Playwright', 0, 1, 'not run: the stack never became healthy');
    } else {
      rmSync(PLAYWRIGHT_RESULTS, { force: true });
      note(`Playwright: npx playwright test -c web/playwright.config.ts (E2E_BASE_URL=${baseUrl})`);
      const grep = process.env.TEST_PLAYWRIGHT_GREP ? ['--grep', process.env.TEST_PLAYWRIGHT_GREP] : [];
      const r = await run('npx', ['playwright', 'test', '-c', 'web/playwright.config.ts', ...grep], {
        env: {
          ...env,
          E2E_BASE_URL: baseUrl,
          E2E_ADMIN_EMAIL: stackEnv.ADMIN_EMAIL,
          E2E_ADMIN_PASSWORD: stackEnv.ADMIN_PASSWORD,
          E2E_SMTP_PEER_URL: smtpPeer.httpUrl,
        },
        timeoutMs: LIMITS.playwright,
        label: 'Playwright',
      });
      if (r.error) record('Playwright', 0, 1, `could not run: ${r.error.message}`);
      else {
        const c = countPlaywright(r.timedOut ? null : readJson(PLAYWRIGHT_RESULTS), r.timedOut ? 'timeout' : r.code);
        record('Playwright', c.passed, c.failed, c.note);
      }
    }
    if (gaveUp) note(`e2e: ${gaveUp} kept dying during the run (see .data/e2e-stack.log)`);
  } finally {
    await cleanup();
  }
}

// ---- main ----------------------------------------------------------------------------------------

function finish() {
  const { passed, failed, line } = summaryLine(results);
  process.stdout.write(`${line}\n`);
  // Nothing may print after the summary, and a stray handle must not keep the run alive.
  process.exit(failed > 0 || passed + failed === 0 ? 1 : 0);
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (interrupted) return;
    interrupted = true;
    note(`${signal}: stopping`);
    for (const pid of activeGroups) killGroup(pid, 'SIGTERM');
    await cleanup();
    record('interrupted', 0, 1, signal);
    finish();
    process.exit(1);
  });
}

async function main() {
  loadEnvFile();
  const env = {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL || DEFAULTS.DATABASE_URL,
    NATS_URL: process.env.NATS_URL || DEFAULTS.NATS_URL,
    REDIS_URL: process.env.REDIS_URL || DEFAULTS.REDIS_URL,
  };
  if (env.CI) env.NX_DAEMON = env.NX_DAEMON ?? 'false';

  let infraOk = true;
  try {
    await ensureInfrastructure(env, { log: note });
  } catch (err) {
    infraOk = false;
    record('infrastructure', 0, 1, err.message);
  }

  const natsBin = findNatsServer(env);
  if (natsBin) env.NATS_SERVER_BIN = natsBin;
  else record('nats-server binary', 0, 1, 'neither `command -v nats-server` nor /usr/sbin/nats-server: install the nats-server package');

  // Every step writes its logs and results under .data, which a fresh clone does not have.
  mkdirSync(DATA_DIR, { recursive: true });
  // TEST_ONLY_E2E=1 (with TEST_PLAYWRIGHT_GREP to pick specs) runs just the built stack and Playwright: for a
  // developer iterating on a browser test. The full command runs everything.
  if (process.env.TEST_ONLY_E2E !== '1') {
    await runJest(env);
    // Side by side: neither writes a file the other reads, and together they keep both cores busy.
    await Promise.all([runLint(env), runFormatCheck(env)]);
  }

  if (process.env.TEST_SKIP_E2E === '1') {
    note('TEST_SKIP_E2E=1: end-to-end part skipped');
  } else if (!infraOk || !natsBin) {
    record('end-to-end', 0, 1, 'not run: infrastructure or nats-server missing');
  } else {
    try {
      await runEndToEnd(env);
    } catch (err) {
      record('end-to-end', 0, 1, err.message);
    }
  }
}

main()
  .catch((err) => record('test runner', 0, 1, err?.stack ?? String(err)))
  .finally(() => {
    if (!interrupted) finish();
  });
