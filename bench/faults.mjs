#!/usr/bin/env node
// `npm run bench:faults`: a node, a link or a store lost under load, on the topology production runs (issue 27).
// For each of four faults it makes a fresh register on scripts/cluster.mjs's hosts (network namespaces: three NATS
// servers with k8s/base/nats.yaml's configuration, the gateway, two geo-search replicas, kits with identity, and
// verification, notifications, imports and backups together; a Postgres and an append-only Redis of their own on the
// machine's side of the bridge; an SMTP peer there too), compiled as production runs it, and then
//   1. seeds KITS approved kits over CUSTODIANS custodians and makes every one overdue (the admin's bulk update),
//   2. sends the finder's cold mix (never-repeated viewports and nearby queries, so each crosses NATS to geo-search)
//      at a steady RATE per second from the machine's side (open loop: a request is sent on time whatever the
//      others are doing),
//   3. puts a reminder run (one e-mail per custodian, rate-limited), an import of IMPORT_ROWS kits and a manual
//      backup in flight, then injects the fault:
//        nats-server-killed   the NATS server with most connections `kill -9`, started again 30 s later;
//        geo-host-cut-off     one geo-search host's link down for 30 s (packets dropped, nothing reset), then up;
//        redis-restarted      Redis stopped and started again (append-only file, as BullMQ needs in production);
//        postgres-restarted   Postgres stopped immediately (a crash: recovery from the WAL) and started again,
//   4. keeps the load on for 60 s after the fault, waits for the jobs, and counts: finder errors in the first 10 s
//      (target <= 1 %) and after 30 s (target 0), jobs lost (target 0: the run reached every custodian, the import
//      created each of its kits once, the backup succeeded), e-mails duplicated (target 0), the time to full
//      recovery (the last finder error, the last job done) and each kits-feed consumer's lag after recovery.
// It prints and writes bench/results/faults-<timestamp>.json; the README shows the latest run.
//
// Needs root (network namespaces), iproute2, nats-server, redis-server and PostgreSQL's server binaries; not part of
// `npm test` (gateway/src/cluster/nats-cluster.e2e-spec.ts is its short version). Exit 1 only when it could not
// measure; a missed target is reported, not thrown.
// Args: --only=<fault>[,<fault>]   Env: BENCH_FAULTS_RATE=50 BENCH_FAULTS_KITS=5000 BENCH_FAULTS_CUSTODIANS=300
//       BENCH_FAULTS_IMPORT_ROWS=1500 BENCH_FAULTS_MAIL_RATE=10
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  BRIDGE,
  HOSTS,
  cannotRun,
  createNetwork,
  killEverything,
  makeWorkDir,
  netnsOf,
  removeNetwork,
  removeWorkDir,
  setLink,
  startNatsCluster,
  startPostgres,
  startRedis,
  trackProcess,
} from '../scripts/cluster.mjs';
import { ROOT, sleep, waitForPort } from '../scripts/lib/infra.mjs';
import { privateBuild } from './lib/private-build.mjs';
import { startProcess, stop, waitReady } from './lib/service-processes.mjs';
import { percentile } from './lib/stats.mjs';

const env0 = { ...process.env };
const RATE = Number(env0.BENCH_FAULTS_RATE || 50);
const KITS = Number(env0.BENCH_FAULTS_KITS || 5000);
const CUSTODIANS = Number(env0.BENCH_FAULTS_CUSTODIANS || 300);
const IMPORT_ROWS = Number(env0.BENCH_FAULTS_IMPORT_ROWS || 1500);
const MAIL_RATE = Number(env0.BENCH_FAULTS_MAIL_RATE || 10);
const FAULT_HELD_MS = 30_000;
const LOAD_AFTER_FAULT_MS = 60_000;
const FIRST_WINDOW_MS = 10_000;
const SETTLED_AFTER_MS = 30_000;
const JOBS_DEADLINE_MS = 300_000;
const PG_PORT = 55432;
const REDIS_PORT = 56379;
const GATEWAY = { host: 'gateway', port: 3000, managementPort: 9464 };
const ADMIN = { email: 'faults-admin@example.org', password: 'Faults!Admin-Passw0rd' };
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const LOG_DIR = path.join(RESULTS_DIR, 'logs');
const PACKAGES = [
  'contracts',
  'platform',
  'gateway',
  'services/kits',
  'services/identity',
  'services/geo-search',
  'services/verification',
  'services/notifications',
  'services/imports',
  'services/backups',
];
/** Where each context runs, and its management port there. */
const SERVICES = [
  { name: 'kits', context: 'kits', host: 'kits', port: 3101 },
  { name: 'identity', context: 'identity', host: 'kits', port: 3102 },
  { name: 'geo-0', context: 'geo-search', host: 'geo-0', port: 3103 },
  { name: 'geo-1', context: 'geo-search', host: 'geo-1', port: 3103 },
  { name: 'verification', context: 'verification', host: 'jobs', port: 3104 },
  { name: 'notifications', context: 'notifications', host: 'jobs', port: 3105 },
  { name: 'imports', context: 'imports', host: 'jobs', port: 3106 },
  { name: 'backups', context: 'backups', host: 'jobs', port: 3107 },
];
const stamp = new Date()
  .toISOString()
  .replace(/:/g, '-')
  .replace(/\.\d+Z$/, 'Z');
const say = (text) => console.log(`[bench:faults] ${text}`);

const require = createRequire(import.meta.url);
require(path.join(ROOT, 'platform/src/testing/register-ts.js'));
const { seedKitsSql } = require(path.join(ROOT, 'gateway/src/routes/finder/testing/seed-kits.ts'));
const { syntheticUkKits } = require(path.join(ROOT, 'gateway/src/routes/finder/testing/uk-kits.ts'));
const { importCsv, importRow } = require(path.join(ROOT, 'gateway/test/import-csv.ts'));
const { startTestSmtpPeer } = require(path.join(ROOT, 'services/notifications/test/smtp-peer.ts'));

const gatewayUrl = `http://${HOSTS[GATEWAY.host]}:${GATEWAY.port}`;
const custodianEmail = (i) => `custodian${i}@faults.example.org`;

/**
 * The four faults. inject() happens at the fault's moment and returns what puts things right (called
 * FAULT_HELD_MS later), or null when the fault is a restart that is over once inject() returns.
 */
const FAULTS = {
  'nats-server-killed': {
    what: 'the NATS server with most connections kill -9, started again 30 s later',
    async inject({ nats, note }) {
      const connections = await nats.connections();
      const victim = connections.indexOf(Math.max(...connections));
      note(`killed nats-${victim} (${connections[victim]} of ${connections.reduce((a, b) => a + b)} connections)`);
      await nats.kill(victim);
      return async () => {
        await nats.start(victim);
        await nats.whenHealthy();
      };
    },
  },
  'geo-host-cut-off': {
    what: "geo-0's host cut off (link down: packets dropped, no reset) for 30 s, then back",
    async inject({ note }) {
      setLink('geo-0', false);
      note('link of geo-0 down');
      return async () => setLink('geo-0', true);
    },
  },
  'redis-restarted': {
    what: 'Redis (append-only, noeviction) stopped and started again',
    async inject({ redis, note }) {
      const started = Date.now();
      await redis.stop();
      await redis.start();
      note(`Redis restarted in ${Date.now() - started} ms`);
      return null;
    },
  },
  'postgres-restarted': {
    what: 'Postgres stopped immediately (a crash: recovery from the WAL) and started again',
    async inject({ postgres, note }) {
      const started = Date.now();
      await postgres.stop('immediate');
      await postgres.start();
      note(`Postgres restarted in ${Date.now() - started} ms`);
      return null;
    },
  },
};

/** A signed-in admin's calls; any failure (the gateway itself may be the one recovering) is an answer of status 0. */
function adminClient(cookieJar) {
  return async (method, url, body, headers = {}) => {
    try {
      const res = await fetch(`${gatewayUrl}${url}`, {
        method,
        headers: {
          cookie: cookieJar.cookie,
          origin: gatewayUrl,
          ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body ? (body instanceof FormData ? body : JSON.stringify(body)) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      let parsed = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      return { status: res.status, body: parsed };
    } catch (e) {
      return { status: 0, body: String(e?.message ?? e) };
    }
  };
}

async function signIn() {
  const res = await fetch(`${gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gatewayUrl },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`admin sign-in answered ${res.status}: ${await res.text()}`);
  return {
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

/** Asks until `done(answer)` or the deadline; returns the last answer. */
async function until(ask, done, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await ask();
    if (done(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`${what} not reached in ${timeoutMs / 1000} s: ${JSON.stringify(answer).slice(0, 400)}`);
    await sleep(500);
  }
}

/** The cold mix: a never-repeated viewport or nearby query across England, so each one crosses NATS to geo-search. */
function coldPath(i) {
  const lat = 50.8 + ((i * 0.6180339887) % 1) * 4;
  const lng = -3.5 + ((i * 0.4142135623) % 1) * 4;
  if (i % 2) return `/api/bleed-kits/nearby?lat=${lat.toFixed(5)}&lng=${lng.toFixed(5)}&radius=20&limit=50`;
  const h = 180 / 2 ** 10;
  return `/api/bleed-kits/public?north=${(lat + h / 2).toFixed(5)}&south=${(lat - h / 2).toFixed(5)}&east=${(lng + h).toFixed(5)}&west=${(lng - h).toFixed(5)}&zoom=10`;
}

/**
 * Open loop: request n is sent at start + n / rate whatever the others are doing (so a stall shows as queued
 * requests and errors, not as a generator that politely waits). Each has 10 s to answer.
 */
function openLoop(rate) {
  const outcomes = [];
  const inFlight = new Set();
  const started = Date.now();
  let sent = 0;
  let running = true;
  const fire = (n) => {
    const at = Date.now();
    const p = fetch(gatewayUrl + coldPath(n), { signal: AbortSignal.timeout(10_000) })
      .then(
        async (r) => {
          await r.arrayBuffer();
          return r.status;
        },
        () => 0,
      )
      .then((status) => {
        outcomes.push({ at, status, ms: Date.now() - at });
        inFlight.delete(p);
      });
    inFlight.add(p);
  };
  const timer = setInterval(() => {
    if (!running) return;
    const due = Math.floor(((Date.now() - started) * rate) / 1000);
    while (sent < due) fire(sent++);
  }, 5);
  return {
    outcomes,
    async stop() {
      running = false;
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}

/** Every kits-feed consumer's lag (bk_feed_lag_revisions / _seconds by consumer) from each process's /metrics. */
async function feedLag() {
  const lag = {};
  const targets = [
    ...SERVICES.map((s) => ({ name: s.name, url: `http://${HOSTS[s.host]}:${s.port}/metrics` })),
    { name: 'gateway', url: `http://${HOSTS[GATEWAY.host]}:${GATEWAY.managementPort}/metrics` },
  ];
  await Promise.all(
    targets.map(async (t) => {
      const text = await fetch(t.url, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.text(),
        () => '',
      );
      for (const m of text.matchAll(/^bk_feed_lag_(revisions|seconds)\{consumer="([^"]+)"\} (\S+)$/gm)) {
        const key = `${m[2]} (${t.name})`;
        lag[key] ??= {};
        lag[key][m[1]] = Number(m[3]);
      }
    }),
  );
  return lag;
}

async function runScenario(faultName, build) {
  const fault = FAULTS[faultName];
  const work = makeWorkDir();
  const logFile = path.join(LOG_DIR, `faults-${stamp}-${faultName}.log`);
  writeFileSync(logFile, '');
  const notes = [];
  const note = (text) => {
    notes.push(text);
    say(`  ${faultName}: ${text}`);
  };
  const procs = {};
  let postgres;
  let redis;
  let nats;
  let smtp;
  let load;
  try {
    postgres = await startPostgres(work, { port: PG_PORT, logFile });
    const admin0 = new pg.Client({ connectionString: postgres.url('postgres') });
    await admin0.connect();
    await admin0.query('CREATE DATABASE bleedkits');
    await admin0.end();
    redis = await startRedis(work, { port: REDIS_PORT, logFile });
    nats = await startNatsCluster(work, { logFile });
    smtp = await startTestSmtpPeer(0, BRIDGE.address);
    const databaseUrl = postgres.url('bleedkits');
    const shared = {
      ...env0,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      NATS_URL: nats.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: 'bk-faults',
      POSTCODES_IO_BASE_URL: 'off',
      SEED_DEMO_KITS: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
      MAIL_BULK_RATE_PER_SECOND: String(MAIL_RATE),
      CUSTODIAN_MAIL_MAX_PER_DAY: '1000',
      // The schedules never fire during the bench: the run and the backup are the admin's.
      VERIFICATION_REMINDER_CRON: '0 0 1 1 *',
      VERIFICATION_DIGEST_CRON: '0 0 1 1 *',
      BACKUP_SCHEDULE_ENABLED: 'false',
      BACKUP_DIR: path.join(work, 'backups'),
      BACKUP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      NATS_JETSTREAM_REPLICAS: '3',
    };
    const startService = (s) =>
      trackProcess(
        startProcess(s.name, build.main(`services/${s.context}`), { ...shared, SERVICE_HTTP_PORT: String(s.port) }, logFile, build.hook, {
          netns: netnsOf(s.host),
        }),
      );
    // kits and identity first: their schemas and the admin exist before the others ask.
    for (const group of [['kits', 'identity'], SERVICES.slice(2).map((s) => s.name)]) {
      const list = SERVICES.filter((s) => group.includes(s.name));
      for (const s of list) procs[s.name] = startService(s);
      await Promise.all(list.map((s) => waitReady(s.port, s.name, procs[s.name], 180_000, HOSTS[s.host])));
    }
    procs.gateway = trackProcess(
      startProcess(
        'gateway',
        build.main('gateway'),
        {
          ...shared,
          PORT: String(GATEWAY.port),
          MANAGEMENT_PORT: String(GATEWAY.managementPort),
          SERVE_WEB: 'false',
          REDIS_KEY_PREFIX: 'bk-faults:',
        },
        logFile,
        build.hook,
        { netns: netnsOf(GATEWAY.host) },
      ),
    );
    await waitForPort(HOSTS[GATEWAY.host], GATEWAY.port, { name: 'gateway', timeoutMs: 180_000 });

    const kits = syntheticUkKits(KITS).map((k, i) => ({ ...k, custodianEmail: custodianEmail(i % CUSTODIANS) }));
    for (let i = 0; i < kits.length; i += 5000) await seedKitsSql(databaseUrl, kits.slice(i, i + 5000));
    say(`  ${faultName}: every process ready; ${KITS} kits seeded`);
    const jar = await signIn();
    const api = adminClient(jar);
    await until(
      () => api('GET', '/api/admin/verification-reports/all?limit=1'),
      (a) => a.status === 200 && a.body.catchingUp === false && a.body.totalCount === KITS,
      180_000,
      'the reports reading the seeded kits',
    );
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
    const bulk = await api('POST', '/api/admin/bulk-update-verification-dates', { dueDate: yesterday });
    if (bulk.status !== 200) throw new Error(`bulk update answered ${bulk.status}: ${JSON.stringify(bulk.body)}`);
    await until(
      () => api('GET', '/api/admin/verification-reports/overdue?limit=1'),
      (a) => a.status === 200 && a.body.catchingUp === false && a.body.total === KITS,
      180_000,
      'every kit overdue in the reports',
    );
    await until(
      () =>
        fetch(`${gatewayUrl}/api/bleed-kits/nearby?lat=52.5&lng=-1.5&radius=200&limit=10`).then((r) =>
          r.json().then(
            (b) => b,
            () => null,
          ),
        ),
      (b) => (Array.isArray(b) ? b : b?.kits)?.length > 0,
      180_000,
      'geo-search answering with the seeded kits',
    );

    say(`  ${faultName}: every kit overdue in the reports and geo-search answering; the load starts`);
    // Load, then the jobs in flight, then the fault.
    load = openLoop(RATE);
    await sleep(10_000);
    const form = new FormData();
    const rows = Array.from({ length: IMPORT_ROWS }, (_, i) =>
      importRow({
        serialNumber: `FAULT-${String(i).padStart(5, '0')}`,
        latitude: (52 + (i % 100) * 0.01).toFixed(6),
        longitude: (-1.5 + Math.floor(i / 100) * 0.01).toFixed(6),
        custodianEmail: 'importer@faults.example.org',
      }),
    );
    form.append('csvFile', new Blob([importCsv(rows)], { type: 'text/csv' }), 'kits.csv');
    const imported = await api('POST', '/api/admin/bleed-kits/import', form, { prefer: 'respond-async' });
    if (imported.status !== 202) throw new Error(`the import answered ${imported.status}: ${JSON.stringify(imported.body)}`);
    const run = await api('POST', '/api/admin/verification-reminders/run', {});
    if (run.status !== 202) throw new Error(`the reminder run answered ${run.status}: ${JSON.stringify(run.body)}`);
    const backup = await api('POST', '/api/admin/backup');
    if (backup.status !== 202) throw new Error(`the backup answered ${backup.status}: ${JSON.stringify(backup.body)}`);
    await sleep(1000);

    // Each job watched from now on, its end time noted when first seen (the polls go through the gateway: an answer
    // that fails while the fault lasts is asked again).
    const deadline = Date.now() + JOBS_DEADLINE_MS;
    const watch = async (name, ask, finished) => {
      for (;;) {
        const answer = await ask();
        if (finished(answer)) return { name, at: Date.now(), answer };
        if (Date.now() > deadline) return { name, at: null, answer: { status: 'lost', last: answer } };
        await sleep(500);
      }
    };
    const mailed = () =>
      new Set(smtp.received.flatMap((m) => m.envelopeTo).filter((to) => to.endsWith('@faults.example.org') && to.startsWith('custodian')));
    const backupId = backup.body.backup?.id;
    const watching = Promise.all([
      watch(
        'reminderRun',
        () => api('GET', `/api/admin/verification-reminders/runs/${run.body.runId}`),
        (a) => a.status === 200 && ['done', 'failed'].includes(a.body.status),
      ),
      watch(
        'emails',
        async () => ({ status: 200, body: { custodiansMailed: mailed().size } }),
        (a) => a.body.custodiansMailed >= CUSTODIANS,
      ),
      watch(
        'import',
        () => api('GET', `/api/imports/${imported.body.jobId}`),
        (a) => a.status === 200 && ['completed', 'failed'].includes(a.body.status),
      ),
      watch(
        'backup',
        async () => {
          const page = await api('GET', '/api/admin/backups?page=1&limit=10');
          return { status: page.status, body: page.status === 200 ? (page.body.data.find((b) => b.id === backupId) ?? null) : null };
        },
        // A failed attempt is tried again by its job (BullMQ attempts): only success ends the watch.
        (a) => a.status === 200 && a.body?.status === 'success',
      ),
    ]).then((list) => ({
      done: Object.fromEntries(list.map((w) => [w.name, w.at])),
      // A lost job keeps the last answer seen (status and body), to say why.
      views: Object.fromEntries(list.map((w) => [w.name, w.at === null ? w.answer : w.answer.body])),
    }));

    const lagSamples = [];
    const lagTimer = setInterval(() => feedLag().then((l) => lagSamples.push({ at: Date.now(), lag: l })), 2000);
    // What was in flight when the fault came (each job's state just before it).
    const [runBefore, importBefore, backupsBefore] = await Promise.all([
      api('GET', `/api/admin/verification-reminders/runs/${run.body.runId}`),
      api('GET', `/api/imports/${imported.body.jobId}`),
      api('GET', '/api/admin/backups?page=1&limit=10'),
    ]);
    const inFlightAtFault = {
      reminderRun: `${runBefore.body?.status}: ${runBefore.body?.emailsSent} of ${runBefore.body?.custodians} e-mails sent`,
      import: `${importBefore.body?.status}${importBefore.body?.processed !== undefined ? `: ${importBefore.body.processed} rows done` : ''}`,
      backup: backupsBefore.body?.data?.find((b) => b.id === backupId)?.status,
    };
    const faultAt = Date.now();
    say(`${faultName}: ${fault.what}`);
    note(`in flight at the fault: ${JSON.stringify(inFlightAtFault)}`);
    const restore = await fault.inject({ nats, redis, postgres, note });
    let restoredAt = Date.now();
    if (restore) {
      await sleep(Math.max(0, faultAt + FAULT_HELD_MS - Date.now()));
      await restore();
      restoredAt = Date.now();
      note(`put right ${((restoredAt - faultAt) / 1000).toFixed(1)} s after the fault`);
    }
    await sleep(Math.max(0, faultAt + LOAD_AFTER_FAULT_MS - Date.now()));
    await load.stop();
    const loadEnd = Date.now();

    // The jobs: each reaches its end (or the deadline says it was lost).
    // The jobs: each reaches its end (or the deadline says it was lost); watched from before the fault.
    const jobs = {};
    const { done, views } = await watching;
    await sleep(5000); // late duplicates, if any
    clearInterval(lagTimer);
    const lagAtEnd = await feedLag();

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows: importedRows } = await db.query(
      `SELECT count(*)::int AS rows, count(DISTINCT serial_number)::int AS serials FROM kits.kits WHERE serial_number LIKE 'FAULT-%'`,
    );
    const { rows: backupRows } = await db.query(`SELECT count(*)::int AS n FROM backups.backup_runs WHERE is_automatic = false`).catch(() => ({
      rows: [{ n: null }],
    }));
    await db.end();

    // Per custodian, the Message-IDs received: the same one twice is one message sent again (the at-least-once window
    // of a message accepted by SMTP but not yet recorded as sent: the Message-ID is derived from the outbox row);
    // two different ones are two messages, a duplicate.
    const perCustodian = new Map();
    for (const m of smtp.received)
      for (const to of m.envelopeTo)
        if (to.startsWith('custodian') && to.endsWith('@faults.example.org')) perCustodian.set(to, [...(perCustodian.get(to) ?? []), m.messageId]);
    const duplicates = [...perCustodian.values()].reduce((a, ids) => a + new Set(ids).size - 1, 0);
    const resent = [...perCustodian.values()].reduce((a, ids) => a + ids.length - new Set(ids).size, 0);
    const reminder = views.reminderRun;
    const importView = views.import;
    const backupView = views.backup;
    jobs.reminderRun = {
      status: reminder.status,
      custodians: reminder.custodians,
      custodiansDone: reminder.custodiansDone,
      custodiansMailed: perCustodian.size,
      ...(reminder.last ? { lastAnswer: reminder.last } : {}),
      lost: reminder.status !== 'done' || perCustodian.size !== CUSTODIANS,
    };
    jobs.import = {
      status: importView.status,
      created: importView.created,
      kitRows: importedRows[0].rows,
      distinctSerials: importedRows[0].serials,
      ...(importView.last ? { lastAnswer: importView.last } : {}),
      lost: importView.status !== 'completed' || importedRows[0].serials !== IMPORT_ROWS || importedRows[0].rows !== IMPORT_ROWS,
    };
    jobs.backup = {
      status: backupView?.status,
      manualBackups: backupRows[0].n,
      ...(backupView?.last ? { lastAnswer: backupView.last } : {}),
      lost: backupView?.status !== 'success',
    };

    const outcomes = load.outcomes;
    const ended = (o) => o.at + o.ms;
    const window = (from, to) => outcomes.filter((o) => ended(o) >= from && o.at < to);
    const errors = (list) => list.filter((o) => o.status !== 200);
    const before = outcomes.filter((o) => ended(o) < faultAt);
    const first = window(faultAt, faultAt + FIRST_WINDOW_MS);
    const middle = outcomes.filter((o) => o.at >= faultAt + FIRST_WINDOW_MS && o.at < faultAt + SETTLED_AFTER_MS);
    const settled = outcomes.filter((o) => o.at >= faultAt + SETTLED_AFTER_MS);
    const lastError = errors(outcomes.filter((o) => ended(o) >= faultAt)).reduce((m, o) => Math.max(m, ended(o)), faultAt);
    const statusCounts = (list) =>
      Object.fromEntries([...new Set(list.map((o) => o.status))].map((s) => [s, list.filter((o) => o.status === s).length]));
    const latency = (list) => ({
      p50: percentile(
        list.map((o) => o.ms),
        50,
      ),
      p99: percentile(
        list.map((o) => o.ms),
        99,
      ),
      max: Math.max(0, ...list.map((o) => o.ms)),
    });
    const jobsDoneAt = Object.values(done).includes(null) ? null : Math.max(...Object.values(done));
    const maxLag = {};
    for (const s of lagSamples.filter((x) => x.at >= faultAt))
      for (const [consumer, l] of Object.entries(s.lag)) maxLag[consumer] = Math.max(maxLag[consumer] ?? 0, l.revisions ?? 0);

    const finder = {
      rate: RATE,
      before: { requests: before.length, errors: errors(before).length },
      first10s: { requests: first.length, errors: errors(first).length, errorStatuses: statusCounts(errors(first)), latencyMs: latency(first) },
      from10to30s: {
        requests: middle.length,
        errors: errors(middle).length,
        errorStatuses: statusCounts(errors(middle)),
        latencyMs: latency(middle),
      },
      after30s: {
        requests: settled.length,
        errors: errors(settled).length,
        errorStatuses: statusCounts(errors(settled)),
        latencyMs: latency(settled),
      },
      loadSeconds: Math.round((loadEnd - (outcomes[0]?.at ?? loadEnd)) / 100) / 10,
    };
    const errorRate = first.length ? errors(first).length / first.length : 1;
    const result = {
      fault: faultName,
      what: fault.what,
      notes,
      inFlightAtFault,
      finder,
      jobs,
      emailsDuplicated: duplicates,
      emailsResentInTheAtLeastOnceWindow: resent,
      recovery: {
        faultPutRightAfterSeconds: Math.round((restoredAt - faultAt) / 100) / 10,
        finderLastErrorAfterSeconds: Math.round((lastError - faultAt) / 100) / 10,
        jobsDoneAfterSeconds: jobsDoneAt === null ? null : Math.round((jobsDoneAt - faultAt) / 100) / 10,
        jobDoneAfterSeconds: Object.fromEntries(
          Object.entries(done).map(([name, at]) => [name, at === null ? null : Math.round((at - faultAt) / 100) / 10]),
        ),
        fullRecoveryAfterSeconds: jobsDoneAt === null ? null : Math.round((Math.max(lastError, jobsDoneAt) - faultAt) / 100) / 10,
      },
      feedLag: { maxRevisionsAfterFault: maxLag, atEnd: lagAtEnd },
    };
    result.targets = {
      finderErrorsFirst10s: {
        target: '<= 1 %',
        actual: `${(errorRate * 100).toFixed(2)} % (${errors(first).length} of ${first.length})`,
        pass: first.length > 0 && errorRate <= 0.01,
      },
      finderErrorsAfter30s: { target: '0', actual: String(errors(settled).length), pass: settled.length > 0 && errors(settled).length === 0 },
      jobsLost: {
        target: '0',
        actual: String(Object.values(jobs).filter((j) => j.lost).length),
        pass: Object.values(jobs).every((j) => !j.lost),
      },
      emailsDuplicated: {
        target: '0 beyond the at-least-once window',
        actual: `${duplicates} (and ${resent} sent again with the same Message-ID)`,
        pass: duplicates === 0,
      },
    };
    return result;
  } finally {
    await load?.stop().catch(() => undefined);
    for (const name of ['gateway', ...SERVICES.map((s) => s.name).reverse()]) await stop(procs[name]).catch(() => undefined);
    await smtp?.close().catch(() => undefined);
    await nats?.stop().catch(() => undefined);
    await redis?.stop().catch(() => undefined);
    await postgres?.stop('fast').catch(() => undefined);
    // A cut link is put back for the next scenario (the network itself stays for the run).
    try {
      setLink('geo-0', true);
    } catch {
      /* no link */
    }
    removeWorkDir(work);
  }
}

function printScenario(r) {
  const mark = (t) => (t.pass ? 'PASS' : 'FAIL');
  say(`${r.fault}: ${r.what}`);
  say(
    `  finder at ${r.finder.rate}/s: ${r.finder.before.requests} before (${r.finder.before.errors} errors); first 10 s ${r.finder.first10s.requests} (${r.finder.first10s.errors} errors ${JSON.stringify(r.finder.first10s.errorStatuses)}, p99 ${r.finder.first10s.latencyMs.p99} ms); 10-30 s ${r.finder.from10to30s.requests} (${r.finder.from10to30s.errors} errors); after 30 s ${r.finder.after30s.requests} (${r.finder.after30s.errors} errors, p99 ${r.finder.after30s.latencyMs.p99} ms)`,
  );
  say(
    `  jobs: reminder run ${r.jobs.reminderRun.status} (${r.jobs.reminderRun.custodiansMailed} of ${CUSTODIANS} custodians mailed), import ${r.jobs.import.status} (${r.jobs.import.distinctSerials} of ${IMPORT_ROWS} kits, ${r.jobs.import.kitRows} rows), backup ${r.jobs.backup.status}; e-mails duplicated ${r.emailsDuplicated}, sent again in the at-least-once window ${r.emailsResentInTheAtLeastOnceWindow}`,
  );
  say(
    `  recovery: last finder error ${r.recovery.finderLastErrorAfterSeconds} s after the fault; jobs done ${JSON.stringify(r.recovery.jobDoneAfterSeconds)} s after it; full ${r.recovery.fullRecoveryAfterSeconds} s; feed lag at the end ${JSON.stringify(r.feedLag.atEnd)}`,
  );
  for (const [name, t] of Object.entries(r.targets)) say(`  ${mark(t)} ${name}: ${t.actual} (target ${t.target})`);
}

async function main() {
  // Interrupted: nothing of the run may outlive it (processes on the hosts, the stores, the network).
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      killEverything();
      removeNetwork();
      process.exit(130);
    });
  const why = cannotRun();
  if (why) throw new Error(`cannot make the hosts here: ${why}`);
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const names = only ?? Object.keys(FAULTS);
  for (const n of names) if (!FAULTS[n]) throw new Error(`no fault named ${n}; the faults: ${Object.keys(FAULTS).join(', ')}`);
  mkdirSync(LOG_DIR, { recursive: true });
  const load = { before: os.loadavg().map((l) => Math.round(l * 100) / 100), cpus: os.cpus().length };
  const build = privateBuild('faults-build', PACKAGES, { log: say });
  createNetwork();
  say(
    `hosts: ${Object.entries(HOSTS)
      .map(([h, a]) => `${h} ${a}`)
      .join(', ')}; logs in bench/results/logs/faults-${stamp}-*.log`,
  );
  const scenarios = [];
  const started = Date.now();
  try {
    for (const name of names) {
      say(`${name}: a fresh register (${KITS} kits, ${CUSTODIANS} custodians), cold finder mix at ${RATE}/s`);
      const r = await runScenario(name, build);
      printScenario(r);
      scenarios.push(r);
    }
  } finally {
    removeNetwork();
  }
  load.after = os.loadavg().map((l) => Math.round(l * 100) / 100);
  const result = {
    benchmark: 'faults',
    startedAt: new Date(started).toISOString(),
    minutes: Math.round((Date.now() - started) / 6000) / 10,
    topology: {
      hosts: HOSTS,
      placement: Object.fromEntries(SERVICES.map((s) => [s.name, s.host])),
      nats: 'three nats-server processes, k8s/base/nats.yaml configuration, JetStream replicas 3',
      stores: 'Postgres and Redis (append-only, noeviction) on the machine, reached over the links',
    },
    register: { kits: KITS, custodians: CUSTODIANS, importRows: IMPORT_ROWS, mailBulkRatePerSecond: MAIL_RATE },
    scenarios,
    machine: { ...load, note: 'a shared 2-core machine; load averages are 1/5/15 minutes' },
    runFrom: 'a private build (compiled with swc, as production runs)',
  };
  const file = path.join(RESULTS_DIR, `faults-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  const failed = scenarios.flatMap((s) =>
    Object.entries(s.targets)
      .filter(([, t]) => !t.pass)
      .map(([n]) => `${s.fault}/${n}`),
  );
  say(`${failed.length ? `targets missed: ${failed.join(', ')}` : 'every target met'}; written ${path.relative(ROOT, file)} (${result.minutes} min)`);
}

main().catch((e) => {
  console.error(`[bench:faults] could not measure: ${e?.stack ?? e}`);
  removeNetwork();
  process.exit(1);
});
