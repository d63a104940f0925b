#!/usr/bin/env node
// `npm run bench:feed`: the ambulance-service feed at register scale. For each size it
//   1. creates a fresh database (BENCH_FEED_DATABASE, default bleedkits_bench_feed) and a private nats-server,
//   2. starts the kits service (which migrates the empty database), then seeds N synthetic kits spread like the UK
//      population straight into kits.kits (bench/lib/seed.mjs, the geo benchmark's fixture; the feed
//      entries are written by the same triggers as for any other write),
//   3. starts identity and the gateway, signs in as admin and creates two feed clients: 'responder_app' (every
//      public kit nationwide) and the ambulance service with the most kits (cabinet codes, access log),
//   4. warms the path up with the first BENCH_FEED_WARMUP_PAGES pages of each feed (a running register's kits service
//      has long compiled its hot code; a process started a second ago has not), then pages each whole feed with
//      limit=5000 from the start, timing every page (to its last byte) and sampling the
//      gateway's resident memory every 100 ms; checks every kit came exactly once; then polls the head 50 times with
//      If-None-Match (the 304 path),
//   5. push delivery (issue 30; BENCH_PUSH=0 skips it): a feed client for each of the two ambulance services with the
//      most kits, each with a push subscription to its own receiver on 127.0.0.1 (the example receiver in a process of
//      its own, bench/lib/push-receivers.mjs); BENCH_PUSH_CHANGES changes (approvals, edits, cabinet-code changes,
//      deletions, one kit each, half in each service) sent open loop at BENCH_PUSH_RATE a second through the gateway's
//      admin routes; each receiver's batches matched by kit id and revision to the writes: latency from the write's
//      answer to the batch's arrival, every change exactly once and in order, no signature refused, and the gateway's
//      and kits' peak RSS while it ran,
//   6. prints kits/s, p50 / p99 per page, gateway RSS, the generator's CPU (this process: a client that parses and
//      checks every page) against the server's (a feed where the generator used more than 70 % of a core or more
//      than the server is GENERATOR-BOUND, its kits/s not PASS) and the machine's load with PASS / FAIL per target, and writes
//      bench/results/feed-<size>-<date>.json.
//
// The processes run from a private build of the working tree, or of the commit BENCH_BUILD_REF names (swc, the build's settings, into <package>/.bench-tmp/,
// ignored by git), so the benchmark never touches the shared dist/ folders. Not part of `npm test`; exit 0 whatever the figures, 1 only
// when it could not measure.
//
// Env: BENCH_SIZES=100000,1000000  BENCH_FEED_LIMIT=5000  BENCH_FEED_WARMUP_PAGES=20  BENCH_SEED=20261121
//      BENCH_FEED_DATABASE=bleedkits_bench_feed
//      BENCH_KEEP_DATABASE=1 (do not drop it at the end)
//      BENCH_CPU_PROF=1 (the gateway and kits write V8 CPU profiles into bench/results/logs/cpuprof-<size>-<date>/ on exit)
//      BENCH_TRACE_GC=1 (the gateway and kits log each garbage collection into the process log)
//      BENCH_BUILD_REF=HEAD (compile that commit, not the working tree: other people's edits in progress stay out)
//      BENCH_PUSH=1  BENCH_PUSH_CHANGES=10000  BENCH_PUSH_RATE=20  BENCH_PUSH_DRAIN_SECONDS=60
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import {
  DEFAULTS,
  ROOT,
  distinctFreePorts,
  dropDatabase,
  ensureDatabase,
  ensureInfrastructure,
  findNatsServer,
  loadEnvFile,
  replaceDatabase,
  sleep,
  waitForPort,
} from '../scripts/lib/infra.mjs';
import { cpuSecondsOf, findByCommand, machineCpu, memorySampler } from './lib/procs.mjs';
import { generatorBound } from './lib/wrk.mjs';
import { privateBuild } from './lib/private-build.mjs';
import { seedKits } from './lib/seed.mjs';
import { planKitChanges, sendKitChange, sendSteadily } from './lib/kit-changes.mjs';
import { deliveryReport, overallLatency, startPushReceiver } from './lib/push-receivers.mjs';
import { percentile, round } from './lib/stats.mjs';

const require = createRequire(import.meta.url);
const env0 = { ...process.env };
const SIZES = (env0.BENCH_SIZES || '100000,1000000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const LIMIT = Number(env0.BENCH_FEED_LIMIT || 5000);
const WARMUP_PAGES = Number(env0.BENCH_FEED_WARMUP_PAGES ?? 20);
const SEED = Number(env0.BENCH_SEED || 20261121);
const DB_NAME = env0.BENCH_FEED_DATABASE || 'bleedkits_bench_feed';
/** Production runs two kits replicas (k8s/overlays/production), and a page's parts are read by whichever replica is free. */
const KITS_REPLICAS = Math.max(1, Number(env0.BENCH_FEED_KITS_REPLICAS || 1));
const PUSH = env0.BENCH_PUSH !== '0';
const PUSH_CHANGES = Number(env0.BENCH_PUSH_CHANGES || 10_000);
const PUSH_RATE = Number(env0.BENCH_PUSH_RATE || 20);
const PUSH_DRAIN_SECONDS = Number(env0.BENCH_PUSH_DRAIN_SECONDS || 60);
const TARGETS = { kitsPerSecond: 20_000, p99PageMs: 500, gatewayRssBytes: 300 * 1024 ** 2, pushP99Ms: 5000 };
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const LOG_DIR = path.join(RESULTS_DIR, 'logs');
const MB = 1024 ** 2;
const stamp = new Date()
  .toISOString()
  .replace(/:/g, '-')
  .replace(/\.\d+Z$/, 'Z');
const say = (text) => console.log(`[bench:feed] ${text}`);

const PACKAGES = ['contracts', 'platform', 'gateway', 'services/kits', 'services/identity'];
const BUILD_DIR = '.bench-tmp/feed-build';
/** Filled once the private build exists: the seed detects each kit's ambulance service with the built contracts. */
const seedOptions = { contracts: undefined };

/** A process of the stack from the private build, its output appended to the log file. */
function startProcess(name, main, env, logFile, hook, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, '-r', hook, path.join(ROOT, main)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const line = (d) => appendFileSync(logFile, `${d.toString().trimEnd().replace(/^/gm, `${name} | `)}\n`);
  child.stdout.on('data', line);
  child.stderr.on('data', line);
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  return child;
}

async function stopChild(child, graceMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(t);
}

async function waitForHttp(url, { timeoutMs = 180_000, child, name }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      /* not yet */
    }
    await sleep(300);
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/**
 * CPU seconds so far of each process of the feed's path (gateway, kits, the database's backends), by pid: backends
 * come and go, and a sum taken twice over different sets went below zero.
 */
function cpuByPid(pidsOf) {
  return Object.fromEntries(Object.entries(pidsOf()).map(([name, pids]) => [name, new Map(pids.map((pid) => [pid, cpuSecondsOf(pid) ?? 0]))]));
}

/** CPU seconds each part used since `before` (cpuByPid): a process started since counts whole, one gone since is lost. */
function cpuSince(pidsOf, before) {
  return Object.fromEntries(
    Object.entries(pidsOf()).map(([name, pids]) => [
      name,
      pids.reduce((n, pid) => n + Math.max(0, (cpuSecondsOf(pid) ?? 0) - (before[name]?.get(pid) ?? 0)), 0),
    ]),
  );
}

/** The first `pages` pages of a key's feed, untimed. */
async function warmUp(baseUrl, key, pages) {
  let cursor = '0';
  for (let i = 0; i < pages; i++) {
    const res = await fetch(`${baseUrl}/api/ambulance-feed/v1/kits?after=${cursor}&limit=${LIMIT}`, { headers: { authorization: `Bearer ${key}` } });
    const page = await res.json();
    if (res.status !== 200 || !page.hasMore) return;
    cursor = page.nextCursor;
  }
}

/** Pages one key's whole feed; every kit must come exactly once. */
async function pageWholeFeed(baseUrl, key, expected, gatewayRss, pidsOf) {
  const seen = new Set();
  const pageMs = [];
  let records = 0;
  let bytes = 0;
  let cursor = '0';
  let etag = null;
  const cpu0 = machineCpu();
  const own0 = cpuByPid(pidsOf);
  gatewayRss.resetWindow();
  const started = performance.now();
  // This process is the generator (one client paging like a control room's system, checking every kit once).
  const generator0 = process.cpuUsage();
  for (;;) {
    const t = performance.now();
    const res = await fetch(`${baseUrl}/api/ambulance-feed/v1/kits?after=${cursor}&limit=${LIMIT}`, { headers: { authorization: `Bearer ${key}` } });
    const text = await res.text();
    pageMs.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`feed answered ${res.status}: ${text.slice(0, 300)}`);
    bytes += Buffer.byteLength(text);
    const page = JSON.parse(text);
    for (const r of page.records) {
      if (r.withdrawn) continue;
      if (seen.has(r.id)) throw new Error(`kit ${r.id} came twice`);
      seen.add(r.id);
      records++;
    }
    cursor = page.nextCursor;
    etag = res.headers.get('etag');
    if (!page.hasMore) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const generatorUsed = process.cpuUsage(generator0);
  const cpu1 = machineCpu();
  const used = cpuSince(pidsOf, own0);
  const generatorCpuPercent = Math.round(((generatorUsed.user + generatorUsed.system) / 1e6 / seconds) * 100);
  const serverCpuPercent = Math.round((Object.values(used).reduce((n, v) => n + v, 0) / seconds) * 100);
  if (records !== expected) throw new Error(`paged ${records} kits, expected ${expected}`);
  // Polling at the head with nothing new: the cheap path. One request at the new cursor gives its ETag first.
  const prime = await fetch(`${baseUrl}/api/ambulance-feed/v1/kits?after=${cursor}&limit=${LIMIT}`, { headers: { authorization: `Bearer ${key}` } });
  await prime.arrayBuffer();
  etag = prime.headers.get('etag');
  const pollMs = [];
  let notModified = 0;
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    const res = await fetch(`${baseUrl}/api/ambulance-feed/v1/kits?after=${cursor}&limit=${LIMIT}`, {
      headers: { authorization: `Bearer ${key}`, 'if-none-match': etag },
    });
    await res.arrayBuffer();
    pollMs.push(performance.now() - t);
    if (res.status === 304) notModified++;
    else etag = res.headers.get('etag');
  }
  return {
    kits: records,
    pages: pageMs.length,
    seconds: round(seconds, 2),
    kitsPerSecond: Math.round(records / seconds),
    pageMs: { p50: round(percentile(pageMs, 50)), p99: round(percentile(pageMs, 99)), max: round(Math.max(...pageMs)) },
    // In the order they were read: a process still compiling its code shows as slow first pages.
    pageMsInOrder: pageMs.map((ms) => Math.round(ms)),
    megabytes: round(bytes / MB),
    gatewayPeakRssBytes: gatewayRss.windowPeak(),
    machineBusyPercentOfOneCore: Math.round(((cpu1.busy - cpu0.busy) / seconds) * 100),
    generator: { name: 'node fetch, one client, every page parsed and checked', cpuPercent: generatorCpuPercent },
    serverCpuPercent,
    generatorBound: generatorBound(generatorCpuPercent, serverCpuPercent),
    // What the feed's own processes spent: independent of other work on the machine. A page goes gateway -> kits ->
    // Postgres -> kits -> gateway one part after another, so on an otherwise idle machine a page takes about the sum.
    cpuSecondsPerPageOf5000: Object.fromEntries(Object.entries(used).map(([k, v]) => [k, round((v / records) * 5000, 3)])),
    otherProcessesPercentOfOneCore: Math.max(
      0,
      Math.round(((cpu1.busy - cpu0.busy - Object.values(used).reduce((n, v) => n + v, 0)) / seconds) * 100),
    ),
    poll304: { answered304: notModified, of: pollMs.length, p50Ms: round(percentile(pollMs, 50)), p99Ms: round(percentile(pollMs, 99)) },
  };
}

/**
 * Push delivery at a steady rate of changes to two clients (issue 30). `createClient(scope)` answers the client's id;
 * the receivers' processes are stopped whatever happens.
 */
async function pushPhase({ baseUrl, cookie, databaseUrl, scopes, createClient, gatewayRss, kitsRss, pidsOf, logFile, sweepMs }) {
  const { Client } = require('pg');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const changes = await planKitChanges(db, scopes, PUSH_CHANGES, SEED).finally(() => db.end());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bleedkits-bench-feed-push-'));
  const clients = [];
  try {
    for (const scope of scopes) {
      const receiver = await startPushReceiver({
        file: path.join(dir, `${scope}.ndjson`),
        onOutput: (d) => appendFileSync(logFile, `${d.toString().trimEnd().replace(/^/gm, `receiver ${scope} | `)}\n`),
      });
      clients.push({ scope, receiver });
      const clientId = await createClient(scope);
      const res = await fetch(`${baseUrl}/api/admin/ambulance-feed/clients/${clientId}/push`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie, origin: baseUrl },
        body: JSON.stringify({ url: receiver.url }),
      });
      if (res.status !== 200) throw new Error(`setting ${scope}'s webhook answered ${res.status}: ${await res.text()}`);
      const set = await res.json();
      await receiver.setSecret(set.secret);
      Object.assign(clients.at(-1), { clientId, startCursor: set.subscription.deliveredCursor });
    }
    say(
      `push: ${changes.length} changes (one kit each, ${scopes.join(' and ')}) at ${PUSH_RATE}/s through the gateway's admin routes, ` +
        `to ${clients.length} receivers on 127.0.0.1 ...`,
    );
    gatewayRss.resetWindow();
    kitsRss.resetWindow();
    const load0 = os.loadavg().map((l) => round(l, 2));
    const cpu0 = cpuByPid(pidsOf);
    const writes = await sendSteadily(changes, PUSH_RATE, (change, n) => sendKitChange(baseUrl, cookie, change, n));
    say(
      `push: ${writes.changes} changes sent in ${writes.seconds} s (${writes.rateAchieved}/s), ${writes.errors} errors; ` +
        `answer p50 ${writes.answerMsFromDue.p50} ms, p99 ${writes.answerMsFromDue.p99} ms from due; waiting for the receivers ...`,
    );
    const committed = changes.filter((c) => c.status >= 200 && c.status < 300);
    const expected = Object.fromEntries(scopes.map((s) => [s, committed.filter((c) => c.scope === s).length]));
    const deadline = Date.now() + PUSH_DRAIN_SECONDS * 1000;
    for (;;) {
      const progress = await Promise.all(clients.map((c) => c.receiver.progress()));
      if (progress.every((p, i) => p.acceptedRecords >= expected[clients[i].scope]) || Date.now() > deadline) break;
      await sleep(250);
    }
    // A little longer than one sweep, so a batch sent twice or a stray record would still be seen.
    await sleep(3000);
    const cpuUsed = cpuSince(pidsOf, cpu0);
    const perClient = {};
    const reports = [];
    for (const c of clients) {
      const { answered, batchesInFile } = await c.receiver.report();
      const r = deliveryReport(
        changes.filter((x) => x.scope === c.scope),
        answered,
        c.startCursor,
      );
      reports.push(r);
      const { latenciesMs: _all, ...summary } = r;
      perClient[c.scope] = { ...summary, batchesWrittenByTheExampleReceiver: batchesInFile };
      say(
        `push ${c.scope}: ${r.delivered}/${r.changes} changes delivered, ${r.lost} lost, ${r.duplicatesAfterDedupe} duplicates, ` +
          `${r.outOfOrder} out of order, ${r.batches.signatureFailures} signature failures; latency p50 ${r.latencyMs.p50} ms, ` +
          `p90 ${r.latencyMs.p90} ms, p99 ${r.latencyMs.p99} ms, max ${r.latencyMs.max} ms; ${r.batches.accepted} batches ` +
          `(records ${r.batches.recordsPerBatch.min}-${r.batches.recordsPerBatch.max}, mean ${r.batches.recordsPerBatch.mean}), ` +
          `${r.recordsPerSecondWhileArriving} records/s`,
      );
    }
    say(
      `push: peak RSS while it ran: gateway ${(gatewayRss.windowPeak() / MB).toFixed(0)} MB, kits ${(kitsRss.windowPeak() / MB).toFixed(0)} MB; ` +
        `CPU s per 1,000 changes ${JSON.stringify(Object.fromEntries(Object.entries(cpuUsed).map(([k, v]) => [k, round((v / changes.length) * 1000, 2)])))}`,
    );
    const firstCommit = Math.min(...committed.map((c) => c.committedAt));
    const lastArrival = Math.max(...reports.map((r) => r.lastArrivalAt ?? 0));
    const records = reports.reduce((n, r) => n + r.records, 0);
    const seconds = (lastArrival - firstCommit) / 1000;
    return {
      scopes,
      loadAverageAtStart: load0,
      loadAverageAtEnd: os.loadavg().map((l) => round(l, 2)),
      changesPerSecondAsked: PUSH_RATE,
      settings: { FEED_PUSH_SWEEP_MS: sweepMs ?? 'the kits default (2000)', FEED_PUSH_CONCURRENCY: 'the kits default (8)' },
      writes,
      firstCommitAt: new Date(firstCommit).toISOString(),
      clients: perClient,
      overall: {
        latencyMs: overallLatency(reports),
        recordsDelivered: records,
        recordsPerSecond: round(records / seconds),
        secondsFromFirstCommitToLastArrival: round(seconds, 2),
      },
      gatewayPeakRssBytes: gatewayRss.windowPeak(),
      kitsPeakRssBytes: kitsRss.windowPeak(),
      cpuSecondsPer1000Changes: Object.fromEntries(Object.entries(cpuUsed).map(([k, v]) => [k, round((v / changes.length) * 1000, 2)])),
      method:
        "latency: from the generator having the write's whole answer to the receiver having the whole batch that carries it " +
        '(both read the same wall clock, sub-millisecond); records matched by kit id (one change per kit) and checked against the revision the write answered; ' +
        'CPU per 1,000 changes: Postgres counts only the backends still open at the end (a lower bound)',
    };
  } finally {
    for (const c of clients) await c.receiver.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchSize(size, baseEnv, natsBin, hook) {
  const logFile = path.join(LOG_DIR, `feed-${size}-${stamp}.log`);
  writeFileSync(logFile, '');
  say(`=== ${size.toLocaleString('en-GB')} kits (process log: ${path.relative(ROOT, logFile)}) ===`);
  const databaseUrl = replaceDatabase(baseEnv.DATABASE_URL, DB_NAME);
  const profileArgs = (name) => [
    ...(env0.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${path.join(LOG_DIR, `cpuprof-${size}-${stamp}`)}`, `--cpu-prof-name=${name}.cpuprofile`]
      : []),
    ...(env0.BENCH_TRACE_GC ? ['--trace-gc'] : []),
  ];
  const natsDir = mkdtempSync(path.join(os.tmpdir(), 'bleedkits-bench-feed-nats-'));
  const result = { size, startedAt: new Date().toISOString(), cpuCount: os.cpus().length, loadAverageAtStart: os.loadavg().map((l) => round(l, 2)) };
  const children = [];
  let sampler;
  try {
    await dropDatabase(databaseUrl);
    await ensureDatabase(databaseUrl);
    const [natsPort, gatewayPort, kitsPort, identityPort, managementPort, ...morePorts] = await distinctFreePorts(4 + KITS_REPLICAS);
    const nats = spawn(natsBin, ['-a', '127.0.0.1', '-p', String(natsPort), '-sd', natsDir], { stdio: 'ignore' });
    children.push(nats);
    await waitForPort('127.0.0.1', natsPort, { timeoutMs: 20_000, name: 'private nats-server' });
    const env = {
      ...baseEnv,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      QUEUE_PREFIX: `bench-feed-${stamp}`,
      REDIS_KEY_PREFIX: `bench-feed-${stamp}:`,
      SEED_DEMO_KITS: '0',
      POSTCODES_IO_BASE_URL: 'off',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@bench.test',
      ADMIN_PASSWORD: 'Bench-Admin-Pass1!',
      SESSION_SECRET: `bench-feed-${SEED}-${Date.now().toString(36)}-0123456789abcdef`,
      PUBLIC_BASE_URL: `http://127.0.0.1:${gatewayPort}`,
      // One client pages as fast as it can here; the per-key limit is a product setting for real pollers.
      AMBULANCE_FEED_MAX_REQUESTS_PER_MINUTE: '1000000',
    };
    delete env.OTEL_EXPORTER_OTLP_ENDPOINT;

    let t = Date.now();
    const kits = startProcess('kits', `services/kits/${BUILD_DIR}/main.js`, { ...env, SERVICE_HTTP_PORT: String(kitsPort) }, logFile, hook, [
      '--max-semi-space-size=64',
      ...profileArgs('kits'),
    ]);
    children.push(kits);
    await waitForHttp(`http://127.0.0.1:${kitsPort}/readyz`, { child: kits, name: 'kits' });
    say(`kits up and migrated in ${((Date.now() - t) / 1000).toFixed(1)} s`);

    const seeded = await seedKits(databaseUrl, size, { seed: SEED, log: (m) => say(m), contracts: seedOptions.contracts });
    result.seed = { count: seeded.count, publicCount: seeded.publicCount, seconds: round(seeded.seconds), seed: SEED };
    say(`seeded ${seeded.count} kits (${seeded.publicCount} public) in ${seeded.seconds.toFixed(1)} s`);
    // The other replicas start on the migrated, seeded database: they only answer (queue group "kits").
    const kitsReplicas = [kits];
    for (const port of morePorts.slice(0, KITS_REPLICAS - 1)) {
      const name = `kits-${kitsReplicas.length + 1}`;
      const replica = startProcess(name, `services/kits/${BUILD_DIR}/main.js`, { ...env, SERVICE_HTTP_PORT: String(port) }, logFile, hook, [
        '--max-semi-space-size=64',
        ...profileArgs(name),
      ]);
      children.push(replica);
      await waitForHttp(`http://127.0.0.1:${port}/readyz`, { child: replica, name });
      kitsReplicas.push(replica);
    }
    result.kitsReplicas = kitsReplicas.length;

    const { Client } = require('pg');
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const scopes = (
      await db.query(
        `SELECT scope, count(*)::int AS n FROM kits.feed_entries WHERE withdrawn_reason IS NULL AND scope NOT IN ('unknown') GROUP BY scope ORDER BY (scope = 'responder_app') DESC, n DESC`,
      )
    ).rows;
    await db.end();
    const responder = scopes.find((s) => s.scope === 'responder_app');
    const busiest = scopes.find((s) => s.scope !== 'responder_app');

    t = Date.now();
    const identity = startProcess(
      'identity',
      `services/identity/${BUILD_DIR}/main.js`,
      { ...env, SERVICE_HTTP_PORT: String(identityPort) },
      logFile,
      hook,
    );
    const gateway = startProcess(
      'gateway',
      `gateway/${BUILD_DIR}/main.js`,
      { ...env, PORT: String(gatewayPort), MANAGEMENT_PORT: String(managementPort), SERVE_WEB: 'false' },
      logFile,
      hook,
      profileArgs('gateway'),
    );
    children.push(identity, gateway);
    const baseUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitForHttp(`http://127.0.0.1:${identityPort}/readyz`, { child: identity, name: 'identity' });
    await waitForHttp(`${baseUrl}/api/docs/openapi.json`, { child: gateway, name: 'gateway' });
    say(`identity and gateway up in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    sampler = memorySampler(() => gateway.pid, 100);
    const kitsRss = memorySampler(() => kits.pid, 200);

    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`admin sign-in answered ${login.status}: ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const createFeedClient = async (scope) => {
      const res = await fetch(`${baseUrl}/api/admin/ambulance-feed/clients`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ scope, label: `bench ${scope}` }),
      });
      if (res.status !== 201) throw new Error(`creating a ${scope} client answered ${res.status}: ${await res.text()}`);
      return res.json();
    };
    const keyFor = async (scope) => (await createFeedClient(scope)).key;
    const pidsOf = () => ({
      gateway: [gateway.pid],
      kits: kitsReplicas.map((k) => k.pid),
      postgres: findByCommand('postgres: ').filter((pid) => readCmd(pid).includes(` ${DB_NAME} `)),
    });

    result.feeds = {};
    for (const { scope, n } of [responder, busiest]) {
      const key = await keyFor(scope);
      await warmUp(baseUrl, key, WARMUP_PAGES);
      say(`paging the whole ${scope} feed (${n} kits) with limit=${LIMIT} after ${WARMUP_PAGES} pages to warm up ...`);
      const r = await pageWholeFeed(baseUrl, key, n, sampler, pidsOf);
      const cpuPerPage = Object.values(r.cpuSecondsPerPageOf5000).reduce((a, b) => a + b, 0);
      r.estimateOnAnIdleMachine = {
        pageMs: Math.round(cpuPerPage * 1000),
        kitsPerSecond: Math.round(5000 / cpuPerPage),
        method: 'sum of the CPU seconds the gateway, kits and Postgres spent per 5,000 kits (the parts of a page run one after another)',
      };
      result.feeds[scope] = r;
      say(
        `${scope}: ${r.kits} kits in ${r.pages} pages, ${r.seconds} s = ${r.kitsPerSecond} kits/s; page p50 ${r.pageMs.p50} ms, p99 ${r.pageMs.p99} ms; ` +
          `gateway RSS peak ${(r.gatewayPeakRssBytes / MB).toFixed(0)} MB; 304 polls ${r.poll304.answered304}/${r.poll304.of} (p50 ${r.poll304.p50Ms} ms); ` +
          `CPU s per 5,000 kits ${JSON.stringify(r.cpuSecondsPerPageOf5000)} (other processes ${r.otherProcessesPercentOfOneCore} % of a core)`,
      );
    }
    if (PUSH) {
      try {
        result.push = await pushPhase({
          baseUrl,
          cookie,
          databaseUrl,
          scopes: scopes
            .filter((s) => s.scope !== 'responder_app')
            .slice(0, 2)
            .map((s) => s.scope),
          createClient: async (scope) => (await createFeedClient(scope)).client.id,
          gatewayRss: sampler,
          kitsRss,
          pidsOf,
          logFile,
          sweepMs: env.FEED_PUSH_SWEEP_MS,
        });
      } catch (err) {
        result.push = { error: err.stack ?? String(err) };
        say(`push phase failed: ${err.message}`);
      }
    }
    const mem = sampler.peak();
    result.gatewayMemory = {
      peakRssBytes: mem.peakRssBytes,
      vmHwmBytes: mem.vmHwmBytes,
      method: 'VmRSS every 100 ms from /proc and the kernel high-water mark VmHWM, from start to the end',
    };
    result.kitsMemory = { ...kitsRss.peak(), method: 'VmRSS every 200 ms from /proc and VmHWM, from start to the end' };
    kitsRss.stop();
    result.loadAverageAtEnd = os.loadavg().map((l) => round(l, 2));
    // A feed paged by a generator that worked harder than the server measured the generator: its rate is no PASS.
    result.checks = Object.entries(result.feeds).flatMap(([scope, r]) => [
      {
        what: `${scope}: the generator is not the bottleneck (<= 70 % of a core and <= the server)`,
        actual: `${r.generator.cpuPercent} % vs server ${r.serverCpuPercent} %`,
        pass: !r.generatorBound,
      },
      {
        what: `${scope}: kits/s >= ${TARGETS.kitsPerSecond}`,
        actual: `${r.kitsPerSecond}${r.generatorBound ? ' (GENERATOR-BOUND)' : ''}`,
        pass: r.generatorBound ? null : r.kitsPerSecond >= TARGETS.kitsPerSecond,
      },
      { what: `${scope}: p99 per ${LIMIT}-kit page <= ${TARGETS.p99PageMs} ms`, actual: r.pageMs.p99, pass: r.pageMs.p99 <= TARGETS.p99PageMs },
    ]);
    result.checks.push(...pushChecks(result.push));
    result.checks.push({
      what: 'gateway RSS < 300 MB throughout',
      actual: `${(Math.max(mem.peakRssBytes, mem.vmHwmBytes) / MB).toFixed(0)} MB`,
      pass: Math.max(mem.peakRssBytes, mem.vmHwmBytes) < TARGETS.gatewayRssBytes,
    });
    return result;
  } catch (err) {
    result.error = err.stack ?? String(err);
    say(`size ${size} failed: ${err.message} (see ${path.relative(ROOT, logFile)})`);
    return result;
  } finally {
    sampler?.stop();
    for (const c of children.reverse()) await stopChild(c).catch(() => undefined);
    rmSync(natsDir, { recursive: true, force: true });
    if (!env0.BENCH_KEEP_DATABASE) await dropDatabase(databaseUrl).catch((e) => say(`dropping ${DB_NAME}: ${e.message}`));
  }
}

/** The push phase's targets: p99 from commit to receiver, and every change exactly once, in order, signed. */
function pushChecks(push) {
  if (!push) return [];
  if (push.error) return [{ what: 'push delivery measured', actual: push.error.split('\n')[0], pass: false }];
  const checks = [
    {
      what: `push: ${push.writes.changes} changes at ${push.changesPerSecondAsked}/s through the gateway answered 2xx`,
      actual: `${push.writes.errors} errors, ${push.writes.rateAchieved}/s achieved`,
      pass: push.writes.errors === 0,
    },
  ];
  for (const [scope, c] of Object.entries(push.clients)) {
    checks.push(
      {
        what: `push ${scope}: commit to receiver p99 <= ${TARGETS.pushP99Ms / 1000} s (p50 ${c.latencyMs.p50} ms, max ${c.latencyMs.max} ms)`,
        actual: `${c.latencyMs.p99} ms`,
        pass: c.latencyMs.p99 != null && c.latencyMs.p99 <= TARGETS.pushP99Ms,
      },
      {
        what: `push ${scope}: every change of the scope exactly once after dedupe, in feed order, no cursor gap`,
        actual: `${c.delivered}/${c.changes} delivered, ${c.lost} lost, ${c.duplicatesAfterDedupe} duplicates, ${c.unexpectedRecords} unexpected, ${c.outOfOrder} out of order, ${c.cursorGaps} gaps, ${c.revisionMismatches} revision mismatches`,
        pass:
          c.lost === 0 &&
          c.duplicatesAfterDedupe === 0 &&
          c.unexpectedRecords === 0 &&
          c.outOfOrder === 0 &&
          c.cursorGaps === 0 &&
          c.revisionMismatches === 0,
      },
      {
        what: `push ${scope}: signature failures`,
        actual: String(c.batches.signatureFailures),
        pass: c.batches.signatureFailures === 0 && c.batches.refused === 0,
      },
    );
  }
  const o = push.overall.latencyMs;
  checks.push({
    what: `push, both clients: commit to receiver p99 <= ${TARGETS.pushP99Ms / 1000} s (p50 ${o.p50} ms, p90 ${o.p90} ms, max ${o.max} ms; ${push.overall.recordsPerSecond} records/s)`,
    actual: `${o.p99} ms`,
    pass: o.p99 != null && o.p99 <= TARGETS.pushP99Ms,
  });
  return checks;
}

function readCmd(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

async function main() {
  loadEnvFile();
  const baseEnv = {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL || DEFAULTS.DATABASE_URL,
    NATS_URL: process.env.NATS_URL || DEFAULTS.NATS_URL,
    REDIS_URL: process.env.REDIS_URL || DEFAULTS.REDIS_URL,
  };
  await ensureInfrastructure(baseEnv, { log: say });
  const natsBin = findNatsServer(baseEnv);
  if (!natsBin) throw new Error('nats-server not found (the benchmark runs a private one)');
  mkdirSync(LOG_DIR, { recursive: true });
  const results = [];
  say(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (other work on this machine depresses every figure)`,
  );
  const build = privateBuild('feed-build', PACKAGES, { log: say, ref: env0.BENCH_BUILD_REF || undefined });
  const hook = build.hook;
  seedOptions.contracts = build.built('contracts', 'index.js');
  for (const size of SIZES) results.push(await benchSize(size, baseEnv, natsBin, hook));
  for (const r of results) {
    const file = path.join(RESULTS_DIR, `feed-${r.size}-${stamp}.json`);
    writeFileSync(
      file,
      `${JSON.stringify({ benchmark: 'feed', stamp, build: build.commit ?? 'working tree', limit: LIMIT, warmUpPages: WARMUP_PAGES, targets: TARGETS, ...r }, null, 2)}\n`,
    );
    say(`wrote ${path.relative(ROOT, file)}`);
    say(
      `--- ${r.size.toLocaleString('en-GB')} kits (load average ${r.loadAverageAtStart?.join(' ')} at start, ${r.loadAverageAtEnd?.join(' ') ?? '?'} at end, ${r.cpuCount} cores) ---`,
    );
    for (const c of r.checks ?? []) say(`${c.pass === null ? '-   ' : c.pass ? 'PASS' : 'FAIL'}  ${c.what}: ${c.actual}`);
    if (r.error) say(`ERROR ${r.error.split('\n')[0]}`);
  }
  process.exit(results.some((r) => r.error) ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
