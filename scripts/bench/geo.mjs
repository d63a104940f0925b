#!/usr/bin/env node
// `npm run bench:geo`: the public finder's load benchmark. For each register size it
//   1. creates a fresh database (BENCH_DATABASE, default bleedkits_bench) and a private nats-server,
//   2. starts the kits service alone so it migrates the empty database, stops it,
//   3. seeds N synthetic kits spread like the UK population straight into kits.kits (a benchmark fixture,
//      scripts/bench/lib/seed.mjs; not a path of the product),
//   4. starts the whole stack (gateway with BENCH_SQL_BASELINE=true, NODE_ENV=test, SEED_DEMO_KITS=0, one
//      geo-search replica) and times geo-search's index build from the kits change feed,
//   5. drives the gateway with autocannon (32 connections) through the recorded mixes in bench/mixes/ —
//      cold viewports, hot viewports, nearby — and the cold mix again through the plain-SQL baseline
//      (GET /api/bench/public-sql), sampling geo-search's memory (/proc VmRSS, VmHWM) and every process's CPU,
//   6. prints a table with PASS / FAIL per target and writes bench/results/geo-<size>-<date>.json and
//      bench/results/latest.json, and refreshes the figures table in bench/README.md.
//
// It uses the built dist/ folders: run `npm run build` first (it builds only when a dist/main.js is missing,
// or always with BENCH_BUILD=1). Not part of `npm test`; it never fails on a missed target (exit 0), only
// when it could not measure (exit 1).
//
// Env: BENCH_SIZES=30000,1000000  BENCH_DURATION_SECONDS=15  BENCH_WARMUP_SECONDS=5  BENCH_CONNECTIONS=32
//      BENCH_MIXES=cold,hot,nearby,sql-cold  BENCH_SEED=20261121  BENCH_DATABASE=bleedkits_bench
//      BENCH_INDEX_TIMEOUT_SECONDS=300  BENCH_BUILD=1  BENCH_KEEP_DATABASE=1 (do not drop it at the end)
import { spawn, spawnSync } from 'node:child_process';
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
  freePort,
  loadEnvFile,
  redisCommands,
  redisDb,
  replaceDatabase,
  sleep,
  waitForPort,
} from '../lib/infra.mjs';
import { SERVICES, missingBuilds, startStack } from '../lib/stack.mjs';
import { TARGETS, loadMix, requestPath } from './lib/mixes.mjs';
import { cpuSecondsOf, findByCommand, findChildren, machineCpu, memoryOf, memorySampler } from './lib/procs.mjs';
import { seedKits } from './lib/seed.mjs';
import { probeFeed } from './lib/feed-probe.mjs';
import { formatTable, updateReadme } from './lib/report.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const env0 = { ...process.env };
const SIZES = (env0.BENCH_SIZES || '30000,1000000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const DURATION = Number(env0.BENCH_DURATION_SECONDS || 15);
const WARMUP = Number(env0.BENCH_WARMUP_SECONDS ?? 5);
const CONNECTIONS = Number(env0.BENCH_CONNECTIONS || 32);
const MIXES = (env0.BENCH_MIXES || 'cold,hot,nearby,sql-cold').split(',').map((s) => s.trim());
const SEED = Number(env0.BENCH_SEED || 20261121);
const DB_NAME = env0.BENCH_DATABASE || 'bleedkits_bench';
const INDEX_TIMEOUT_MS = Number(env0.BENCH_INDEX_TIMEOUT_SECONDS || 300) * 1000;
const REDIS_DB = 14;
const CPU_COUNT = os.cpus().length;
// Every browser sends Accept-Encoding: gzip, so the mixes do too (geo-search then answers gzipped bodies, made
// once per cached answer). BENCH_IDENTITY=1 asks for identity bodies instead, as autocannon does by default.
const GZIP = env0.BENCH_IDENTITY !== '1';
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
// An experiment: BENCH_LABEL=<word> names the result files geo-<size>-<label>-<date>.json and leaves
// bench/results/latest.json and bench/README.md alone.
const LABEL = (env0.BENCH_LABEL || '').replace(/[^a-z0-9-]/gi, '');
const QUIET_WAIT_MS = Number(env0.BENCH_QUIET_WAIT_SECONDS ?? 600) * 1000;
const QUIET_LOAD = Number(env0.BENCH_QUIET_LOAD || 0.5 * os.cpus().length);
// The SQL baseline is asked for at most this many kits (see bench/README.md: 1000 full kits overflow NATS's
// default 1 MB max_payload and the kits service dies on MAX_PAYLOAD_EXCEEDED).
const SQL_LIMIT = Number(env0.BENCH_SQL_LIMIT || 500);
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const LOG_DIR = path.join(RESULTS_DIR, 'logs');
const UK = { north: 61.0, south: 49.8, east: 2.0, west: -8.7 };
const GB = 1024 ** 3;
const MB = 1024 ** 2;

const say = (text) => console.log(`[bench] ${text}`);
const stamp = new Date()
  .toISOString()
  .replace(/:/g, '-')
  .replace(/\.\d+Z$/, 'Z');

// ---- helpers -----------------------------------------------------------------------------------------




async function stopChild(child, graceMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(t);
}

/** Kits alone, so it migrates the empty database; resolves once its /readyz answers 200 and kits.kits exists. */
async function migrateWithKits(stackEnv, logFile) {
  const [port] = await distinctFreePorts(1);
  const main = path.join(ROOT, 'services', 'kits', 'dist', 'main.js');
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: { ...stackEnv, SERVICE_HTTP_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logLine = (d) => appendFileSync(logFile, `${d.toString().trimEnd().replace(/^/gm, 'kits (migrate) | ')}\n`);
  child.stdout.on('data', logLine);
  child.stderr.on('data', logLine);
  const deadline = Date.now() + 120_000;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`the kits service exited (code ${child.exitCode}) while migrating; see ${path.relative(ROOT, logFile)}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) });
        if (res.status === 200) {
          const { Client } = require('pg');
          const c = new Client({ connectionString: stackEnv.DATABASE_URL });
          await c.connect();
          const { rows } = await c
            .query(`SELECT to_regclass('kits.kits') AS t, (SELECT count(*)::int FROM kits.migrations) AS n`)
            .catch(() => ({ rows: [{}] }));
          await c.end();
          if (rows[0].t) return rows[0].n;
        }
      } catch {
        /* not up yet */
      }
      await sleep(500);
    }
    throw new Error('the kits service did not migrate within 120 s');
  } finally {
    await stopChild(child);
  }
}

/** Kits counted in a viewport answer, whatever its shape: clusters add their count, single kits add 1. */
export function countInViewport(body) {
  const items = Array.isArray(body) ? body : [...(body?.clusters ?? []), ...(body?.kits ?? []), ...(body?.items ?? []), ...(body?.features ?? [])];
  let n = 0;
  for (const it of items) {
    // geo-search answers PublicKit | { isCluster: true, count } (contracts/src/finder/finder.ts).
    n += it?.isCluster === true && typeof it.count === 'number' ? it.count : 1;
  }
  return { n, items: items.length };
}

/** Polls a whole-UK viewport until its counts add up to the public kits seeded. */
async function waitForIndex(baseUrl, expected, startedAt, { timeoutMs, onProgress }) {
  const url = `${baseUrl}/api/bleed-kits/public?north=${UK.north}&south=${UK.south}&east=${UK.east}&west=${UK.west}&zoom=6&limit=1000`;
  const deadline = startedAt + timeoutMs;
  let last = 'no answer yet';
  let lastReport = 0;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      const text = await res.text();
      if (res.status === 200) {
        const { n, items } = countInViewport(JSON.parse(text));
        last = `${n} of ${expected} kits in ${items} items`;
        if (n === expected) return { ms: Date.now() - startedAt, items, body: text.length };
        if (n > expected) throw new Error(`the whole-UK viewport counts ${n} kits, more than the ${expected} public kits seeded`);
      } else last = `HTTP ${res.status} ${text.slice(0, 200)}`;
    } catch (err) {
      if (/more than the/.test(err.message)) throw err;
      last = err?.cause?.code ?? err.message;
    }
    if (Date.now() - lastReport > 30_000) {
      lastReport = Date.now();
      onProgress?.(last);
    }
    await sleep(100);
  }
  throw new Error(`the index did not reach ${expected} kits within ${timeoutMs / 1000} s (last: ${last})`);
}

async function sanityCheck(baseUrl, name, mix, opts) {
  const out = [];
  for (const i of [0, 1, 2]) {
    const p = requestPath(mix, i, opts);
    const res = await fetch(`${baseUrl}${p}`, { signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let parsed = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* reported below */
    }
    out.push({ path: p, status: res.status, bytes: text.length, ...(parsed ? countInViewport(parsed) : { error: text.slice(0, 200) }) });
  }
  const bad = out.filter((o) => o.status !== 200 || o.error);
  if (bad.length) say(`sanity ${name}: ${bad.map((b) => `${b.path} -> HTTP ${b.status} ${b.error ?? ''}`).join('; ')}`);
  return out;
}

function runAutocannon(baseUrl, { mix, opts = {}, seconds }) {
  let i = 0;
  const instance = autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        headers: GZIP ? { 'accept-encoding': ACCEPT_ENCODING } : {},
        setupRequest: (req) => {
          req.path = requestPath(mix, i++, opts);
          return req;
        },
      },
    ],
  });
  return new Promise((resolve, reject) => {
    instance.on('done', (r) => resolve({ ...r, sent: i }));
    instance.on('error', reject);
  });
}

/** CPU seconds of each process of interest, per pid, to see where the time goes during a mix. */
function cpuSnapshot(pids) {
  const snap = {};
  for (const [name, list] of Object.entries(pids())) {
    snap[name] = Object.fromEntries(list.map((pid) => [pid, cpuSecondsOf(pid) ?? 0]));
  }
  return snap;
}

/** % of one core per group over the window; a process started within the window counts from zero. */
function cpuShare(before, after, seconds) {
  const out = {};
  for (const [name, pids] of Object.entries(after)) {
    let used = 0;
    for (const [pid, cpu] of Object.entries(pids)) used += cpu - (before[name]?.[pid] ?? 0);
    out[name] = Math.round((used / seconds) * 100);
  }
  return out;
}

function summarise(r, sent) {
  const errors = r.errors + r.non2xx;
  return {
    reqPerSec: Math.round((r.requests.total / r.duration) * 10) / 10,
    reqPerSecAvg: r.requests.average,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, mean: r.latency.mean },
    requests: r.requests.total,
    sent,
    errors,
    errorBreakdown: { socketErrorsAndTimeouts: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, statusCodes: r.statusCodeStats },
    throughputBytesPerSec: r.throughput.average,
    durationSeconds: r.duration,
  };
}

function checkTargets(size, m, extra) {
  const t = TARGETS[size];
  const checks = [];
  if (t) {
    for (const [mix, target] of Object.entries(t)) {
      const res = m[mix];
      if (!res) continue;
      if (target.minRps != null) checks.push({ mix, what: `req/s >= ${target.minRps}`, actual: res.reqPerSec, pass: res.reqPerSec >= target.minRps });
      if (target.maxP99Ms != null)
        checks.push({ mix, what: `p99 <= ${target.maxP99Ms} ms`, actual: res.latencyMs.p99, pass: res.latencyMs.p99 <= target.maxP99Ms });
      if (target.maxErrors != null)
        checks.push({ mix, what: `errors = ${target.maxErrors}`, actual: res.errors, pass: res.errors <= target.maxErrors });
    }
  }
  if (m.cold && m['sql-cold']) {
    const ratio = m['sql-cold'].reqPerSec > 0 ? m.cold.reqPerSec / m['sql-cold'].reqPerSec : Infinity;
    checks.push({ mix: 'cold vs sql-cold', what: 'ratio >= 5x', actual: Math.round(ratio * 10) / 10, pass: ratio >= 5 });
  }
  if (size >= 1_000_000) {
    if (extra.index && extra.index.complete === false) {
      const est = extra.feedProbe?.estimatedFullReadSeconds;
      checks.push({
        mix: 'index build',
        what: '<= 20 s',
        actual: `not built in ${extra.index.notCompleteAfterSeconds} s${est ? `; whole feed est. ${Math.round(est)}` : ''}`,
        pass: false,
      });
    }
    if (extra.indexBuildSeconds != null)
      checks.push({ mix: 'index build', what: '<= 20 s', actual: extra.indexBuildSeconds, pass: extra.indexBuildSeconds <= 20 });
    if (extra.peakMemoryBytes != null && extra.index?.complete !== false)
      checks.push({
        mix: 'geo-search memory',
        what: '<= 1.5 GB',
        actual: `${(extra.peakMemoryBytes / GB).toFixed(2)} GB`,
        pass: extra.peakMemoryBytes <= 1.5 * GB,
      });
  }
  return checks;
}

// ---- one size ----------------------------------------------------------------------------------------

/** Waits (up to BENCH_QUIET_WAIT_SECONDS) until the 1-minute load average falls below BENCH_QUIET_LOAD. */
async function waitForQuiet() {
  const deadline = Date.now() + QUIET_WAIT_MS;
  let said = 0;
  while (os.loadavg()[0] > QUIET_LOAD && Date.now() < deadline) {
    if (Date.now() - said > 30_000) {
      said = Date.now();
      say(
        `the machine is busy (load ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}; waiting for < ${QUIET_LOAD} up to ${Math.round((deadline - Date.now()) / 1000)} s more)`,
      );
    }
    await sleep(5000);
  }
  return os.loadavg()[0];
}

async function benchSize(size, baseEnv, natsBin) {
  const logFile = path.join(LOG_DIR, `geo-${size}-${stamp}.log`);
  writeFileSync(logFile, '');
  say(`=== ${size.toLocaleString('en-GB')} kits (stack log: ${path.relative(ROOT, logFile)}) ===`);
  const databaseUrl = replaceDatabase(baseEnv.DATABASE_URL, DB_NAME);
  const redisUrl = redisDb(baseEnv.REDIS_URL, REDIS_DB);
  const natsDir = mkdtempSync(path.join(os.tmpdir(), 'bleedkits-bench-nats-'));
  let nats;
  let stack;
  let sampler;
  const result = { size, startedAt: new Date().toISOString() };
  const geoLog = [];
  const crashes = [];
  const payloadCrashes = [];
  try {
    await dropDatabase(databaseUrl);
    await ensureDatabase(databaseUrl);
    await redisCommands(redisUrl, [['FLUSHDB']]);
    const [natsPort, gatewayPort, ...servicePortList] = await distinctFreePorts(2 + SERVICES.length);
    nats = spawn(natsBin, ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', natsDir], { stdio: 'ignore' });
    const natsChild = nats;
    process.once('exit', () => {
      if (natsChild.exitCode === null) natsChild.kill('SIGKILL');
      rmSync(natsDir, { recursive: true, force: true });
    });
    await waitForPort('127.0.0.1', natsPort, { timeoutMs: 20_000, name: 'private nats-server' });

    const stackEnv = {
      ...baseEnv,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      REDIS_URL: redisUrl,
      SEED_DEMO_KITS: '0',
      BENCH_SQL_BASELINE: 'true',
      LOG_LEVEL: baseEnv.BENCH_LOG_LEVEL || 'info',
      ADMIN_EMAIL: 'admin@bench.test',
      ADMIN_PASSWORD: 'Bench-Admin-Pass1!',
      SESSION_SECRET: `bench-${SEED}-${Date.now().toString(36)}-0123456789abcdef`,
      PUBLIC_BASE_URL: `http://127.0.0.1:${gatewayPort}`,
    };
    delete stackEnv.PORT;
    delete stackEnv.OTEL_EXPORTER_OTLP_ENDPOINT; // tracing off: it would measure the exporter too

    result.loadBeforeStart = Math.round((await waitForQuiet()) * 100) / 100;
    let t = Date.now();
    const migrations = await migrateWithKits(stackEnv, logFile);
    say(`kits migrated the empty database (${migrations} migrations, ${((Date.now() - t) / 1000).toFixed(1)} s)`);

    const seeded = await seedKits(databaseUrl, size, { seed: SEED, log: (m) => say(m) });
    result.seed = { ...seeded, seed: SEED };
    say(`seeded ${seeded.count} kits (${seeded.publicCount} public) in ${seeded.seconds.toFixed(1)} s`);

    // The stack without geo-search first; then geo-search joins the running register, as a new or restarted
    // replica does, and the index build is timed from the moment it is spawned.
    const servicePorts = Object.fromEntries(SERVICES.map((s, i) => [s, servicePortList[i]]));
    let stackStarted = Date.now();
    stack = await startStack({
      env: stackEnv,
      port: gatewayPort,
      servicePorts,
      deferred: ['geo-search'],
      log: (line) => {
        appendFileSync(logFile, `${line}\n`);
        if (line.startsWith('geo-search') && /index|snapshot|built|catch|feed/i.test(line)) geoLog.push({ at: Date.now() - stackStarted, line });
        if (line.includes('MAX_PAYLOAD_EXCEEDED') && !line.includes('code:')) {
          const who = line.split('|')[0].trim();
          payloadCrashes.push(who);
          say(`!! ${who} failed to send a NATS reply over the server's max_payload (MAX_PAYLOAD_EXCEEDED, 1 MB by default)`);
        }
        if (line.startsWith('stack') && /exited unexpectedly|giving up/.test(line)) {
          crashes.push({ at: Date.now(), line: line.replace(/^stack\s+\|\s*/, '') });
          say(`!! ${crashes.at(-1).line}`);
        }
      },
    });
    const geoPid = () => findChildren(process.pid, path.join('services', 'geo-search', 'dist', 'main.js'))[0];
    const pidsOf = () => ({
      gateway: findChildren(process.pid, path.join('gateway', 'dist', 'main.js')),
      'geo-search': findChildren(process.pid, path.join('services', 'geo-search', 'dist', 'main.js')),
      kits: findChildren(process.pid, path.join('services', 'kits', 'dist', 'main.js')),
      nats: nats?.pid ? [nats.pid] : [],
      postgres: findByCommand(`postgres: `).filter((pid) => readCmd(pid).includes(` ${DB_NAME} `)),
      'bench (autocannon)': [process.pid],
    });
    const othersUp = await waitForServices(stack.url, (name) => name !== 'geo-search', 180_000);
    say(`the stack but geo-search is up after ${((Date.now() - stackStarted) / 1000).toFixed(1)} s (${othersUp.join(', ')})`);
    stackStarted = Date.now();
    stack.launch('geo-search');
    sampler = memorySampler(geoPid, 200);
    const firstGeoPid = geoPid();

    await stack.waitHealthy({ timeoutMs: 180_000 });
    say(`stack healthy after ${((Date.now() - stackStarted) / 1000).toFixed(1)} s on ${stack.url}`);

    if (MIXES.some((m) => m !== 'sql-cold')) {
      let index;
      try {
        index = await waitForIndex(stack.url, seeded.publicCount, stackStarted, {
          timeoutMs: INDEX_TIMEOUT_MS,
          onProgress: (m) => say(`waiting for the index: ${m}`),
        });
      } catch (err) {
        result.index = { complete: false, notCompleteAfterSeconds: Math.round((Date.now() - stackStarted) / 1000), lastAnswer: err.message };
        result.feedProbe = await feedProbe(stackEnv.NATS_URL, seeded.lastRevision);
        throw err;
      }
      result.feedProbe = await feedProbe(stackEnv.NATS_URL, seeded.lastRevision);
      const metrics = await geoMetrics(servicePorts['geo-search']);
      result.index = {
        complete: true,
        fromStackStartSeconds: Math.round(index.ms / 100) / 10,
        method: 'from spawning geo-search until a whole-UK zoom-6 viewport (via the gateway) counts every public kit seeded',
        wholeUkViewportItems: index.items,
        selfReported: { logLines: geoLog.slice(0, 20), metrics },
      };
      const self = selfReportedBuildSeconds(geoLog, metrics);
      // The checked figure is the outside one: it covers reading the whole feed, which is what the target means;
      // a figure geo-search reports itself (log field or metric) usually covers only the spatial build.
      result.indexBuildSeconds = result.index.fromStackStartSeconds;
      result.index.selfReportedSeconds = self?.seconds ?? null;
      result.index.selfReportedSource =
        self?.source ?? 'none seen (at LOG_LEVEL=info geo-search logs no build figure; no index metric on its /metrics)';
      result.index.figureUsed = 'measured from outside: geo-search spawned -> whole-UK viewport complete';
      say(
        `index complete ${result.index.fromStackStartSeconds} s after geo-search was spawned${self ? `; geo-search reports ${self.seconds} s (${self.source})` : ''}`,
      );
    } else {
      say('only the SQL baseline selected: the index build is not timed');
    }
    result.memoryAfterIndex = memoryOf(geoPid());

    // Sanity: each mix's first requests answer 200 with JSON.
    const mixes = { cold: loadMix('cold'), hot: loadMix('hot'), nearby: loadMix('nearby') };
    const runs = {
      cold: { mix: mixes.cold },
      hot: { mix: mixes.hot },
      nearby: { mix: mixes.nearby },
      'sql-cold': { mix: { ...mixes.cold, limit: SQL_LIMIT }, opts: { path: '/api/bench/public-sql' } },
    };
    result.sanity = {};
    // (cold boxes panned by half a box, like the warm-up, so the measured boxes stay unseen)
    for (const name of MIXES)
      result.sanity[name] = await sanityCheck(stack.url, name, runs[name].mix, {
        ...runs[name].opts,
        cycleOffset: runs[name].mix.mix === 'cold' ? -1 : 0,
      });

    result.loadBeforeMixes = Math.round((await waitForQuiet()) * 100) / 100;
    if (result.loadBeforeMixes > QUIET_LOAD) say(`!! starting the mixes on a busy machine (load ${result.loadBeforeMixes})`);
    result.mixes = {};
    for (const name of MIXES) {
      const run = runs[name];
      if (WARMUP > 0) {
        // Cold warm-ups use boxes panned by half a box, so the measured boxes stay unseen.
        await runAutocannon(stack.url, { mix: run.mix, opts: { ...run.opts, cycleOffset: run.mix.mix === 'cold' ? -1 : 0 }, seconds: WARMUP });
      }
      sampler.resetWindow();
      const loadAtStart = os.loadavg()[0];
      const before = cpuSnapshot(pidsOf);
      const machineBefore = machineCpu();
      const windowStart = Date.now();
      const r = await runAutocannon(stack.url, { mix: run.mix, opts: run.opts, seconds: DURATION });
      const after = cpuSnapshot(pidsOf);
      const machineAfter = machineCpu();
      const s = summarise(r, r.sent);
      s.cpuPercent = cpuShare(before, after, r.duration);
      s.loadAverageAtStart = Math.round(loadAtStart * 100) / 100;
      // Whole machine, in % of one core (200 = both cores busy), and what processes outside the benchmark used.
      const machineBusy = Math.round(((machineAfter.busy - machineBefore.busy) / r.duration) * 100);
      const ours = Object.values(s.cpuPercent).reduce((a, b) => a + b, 0);
      s.machineCpuPercent = {
        busy: machineBusy,
        ofCapacity: CPU_COUNT * 100,
        benchmarkProcesses: ours,
        otherProcesses: Math.max(0, machineBusy - ours),
      };
      if (s.machineCpuPercent.otherProcesses > 25)
        say(
          `!! other processes on this machine used ${s.machineCpuPercent.otherProcesses} % of a core during ${name}: the figures are depressed by them`,
        );
      s.geoSearchPeakRssBytes = sampler.windowPeak();
      s.processCrashes = crashes.filter((c) => c.at >= windowStart).map((c) => c.line);
      result.mixes[name] = s;
      say(
        `${name.padEnd(8)} ${String(s.reqPerSec).padStart(8)} req/s  p50 ${s.latencyMs.p50} ms  p99 ${s.latencyMs.p99} ms  errors ${s.errors}  cpu% ${JSON.stringify(s.cpuPercent)}`,
      );
    }

    const mem = sampler.peak();
    const lastGeoPid = geoPid();
    result.geoSearchMemory = {
      peakRssBytes: mem.peakRssBytes,
      vmHwmBytes: mem.vmHwmBytes,
      method: 'VmRSS sampled every 200 ms from /proc/<pid>/status from spawn to the end, and the kernel high-water mark VmHWM',
      restarted: firstGeoPid !== lastGeoPid,
    };
    result.peakMemoryBytes = Math.max(mem.peakRssBytes, mem.vmHwmBytes);
    result.maxPayloadExceeded = payloadCrashes.length;
    result.processCrashes = crashes.map((c) => ({ secondsAfterStackStart: Math.round((c.at - stackStarted) / 100) / 10, line: c.line }));
    result.checks = checkTargets(size, result.mixes, result);
    result.finishedAt = new Date().toISOString();
    return result;
  } catch (err) {
    result.error = err.stack ?? String(err);
    if (sampler) {
      const mem = sampler.peak();
      result.geoSearchMemory = { peakRssBytes: mem.peakRssBytes, vmHwmBytes: mem.vmHwmBytes, note: 'up to the failure' };
      result.peakMemoryBytes = Math.max(mem.peakRssBytes, mem.vmHwmBytes) || undefined;
    }
    result.checks = checkTargets(size, result.mixes ?? {}, result);
    if (payloadCrashes.length) {
      result.error += `\n(${payloadCrashes.length} x MAX_PAYLOAD_EXCEEDED in ${[...new Set(payloadCrashes)].join(', ')}: a NATS reply over 1 MB; see bench/README.md)`;
    }
    say(`size ${size} failed: ${err.message}`);
    say(`last lines of ${path.relative(ROOT, logFile)}:\n${tail(logFile, 40)}`);
    return result;
  } finally {
    sampler?.stop();
    if (stack) await stack.stop().catch((e) => say(`stopping the stack: ${e.message}`));
    await stopChild(nats, 5000);
    rmSync(natsDir, { recursive: true, force: true });
    if (!env0.BENCH_KEEP_DATABASE) await dropDatabase(databaseUrl).catch((e) => say(`dropping ${DB_NAME}: ${e.message}`));
  }
}

function readCmd(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

function tail(file, lines) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Times a few public-feed pages (see lib/feed-probe.mjs) and says what they imply. */
async function feedProbe(natsUrl, lastRevision) {
  const pageSize = Math.min(5000, Number(process.env.GEO_FEED_PAGE_SIZE || 1500));
  say(`timing public-feed pages of ${pageSize} at revisions 0, ${Math.floor(lastRevision / 2)} and ${lastRevision - pageSize}`);
  const probe = await probeFeed(natsUrl, lastRevision, { pageSize }).catch((e) => ({ error: e.message }));
  for (const p of probe.pages ?? [])
    say(
      `  feed page after revision ${p.afterRevision}: ${p.ms} ms${p.bytes ? `, ${(p.bytes / 1024).toFixed(0)} KiB` : ''}${p.error ? ` (${p.error})` : ''}`,
    );
  if (probe.estimatedFullReadSeconds != null) say(`  => reading the whole feed one page at a time would take about ${probe.estimatedFullReadSeconds} s (geo-search reads several ranges at once)`);
  return probe;
}

/** Polls GET /api/health until every service `wanted` names is up; resolves their names. */
async function waitForServices(baseUrl, wanted, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const report = await (await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) })).json();
      const names = Object.keys(report.services ?? {}).filter(wanted);
      if (names.length && names.every((n) => report.services[n].status === 'up')) return names;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the stack was not up within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

/** geo-search's /metrics lines that look like index figures (name contains index). */
async function geoMetrics(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5000) });
    const text = await res.text();
    return text.split('\n').filter((l) => /index|feed|snapshot/i.test(l) && !l.startsWith('#'));
  } catch {
    return [];
  }
}

/** An index-build duration geo-search reports itself (a log field or a metric), in seconds, or null. */
function selfReportedBuildSeconds(logLines, metrics) {
  for (const m of metrics) {
    const hit = /^(\S*index\S*(build|load)\S*seconds\S*)\s+([\d.eE+-]+)$/i.exec(m);
    if (hit && Number(hit[3]) > 0) return { seconds: Math.round(Number(hit[3]) * 10) / 10, source: `metric ${hit[1]}` };
  }
  for (const { line } of logLines) {
    const json = line.slice(line.indexOf('{'));
    try {
      const o = JSON.parse(json);
      for (const [k, v] of Object.entries(o)) {
        if (typeof v !== 'number' || !/index|build/i.test(`${o.msg ?? ''} ${k}`)) continue;
        if (/(ms|Ms|millis)$/.test(k)) return { seconds: Math.round(v / 100) / 10, source: `log "${o.msg}" ${k}` };
        if (/(seconds|Seconds|_s)$/.test(k)) return { seconds: Math.round(v * 10) / 10, source: `log "${o.msg}" ${k}` };
      }
    } catch {
      /* not JSON */
    }
  }
  return null;
}

// ---- main ---------------------------------------------------------------------------------------------

async function main() {
  loadEnvFile();
  const env = {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL || DEFAULTS.DATABASE_URL,
    NATS_URL: process.env.NATS_URL || DEFAULTS.NATS_URL,
    REDIS_URL: process.env.REDIS_URL || DEFAULTS.REDIS_URL,
  };
  mkdirSync(LOG_DIR, { recursive: true });
  say(
    `sizes ${SIZES.join(', ')}; mixes ${MIXES.join(', ')}; ${DURATION} s each after a ${WARMUP} s warm-up; ${CONNECTIONS} connections; seed ${SEED}`,
  );
  say(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / GB).toFixed(0)} GiB, Node ${process.version}`);
  await ensureInfrastructure(env, { log: say });
  const natsBin = findNatsServer(env);
  if (!natsBin) throw new Error('no nats-server binary (install the nats-server package)');

  const missing = missingBuilds();
  if (env0.BENCH_BUILD === '1' || missing.length) {
    say(`building (npx nx run-many -t build)${missing.length ? `: missing ${missing.join(', ')}` : ''}`);
    const r = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--output-style=stream'], { cwd: ROOT, stdio: 'inherit', env: process.env });
    if (r.status !== 0) throw new Error('the build failed');
  } else {
    say('using the existing dist/ folders (run `npm run build` first after changing code, or BENCH_BUILD=1)');
  }

  const results = [];
  for (const size of SIZES) {
    const r = await benchSize(size, env, natsBin);
    r.machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memGiB: Math.round(os.totalmem() / GB), node: process.version };
    r.productEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => /^(GEO_|KITS_|NATS_REQUEST|LOG_LEVEL)/.test(k)));
    r.settings = {
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      connections: CONNECTIONS,
      mixes: MIXES,
      seed: SEED,
      sqlBaselineLimit: SQL_LIMIT,
      acceptEncoding: GZIP ? `${ACCEPT_ENCODING} (like a browser)` : 'none (identity)',
    };
    r.label = LABEL || undefined;
    const file = path.join(RESULTS_DIR, `geo-${size}${LABEL ? `-${LABEL}` : ''}-${stamp}.json`);
    writeFileSync(file, `${JSON.stringify(r, null, 2)}\n`);
    say(`wrote ${path.relative(ROOT, file)}`);
    results.push(r);
    console.log(formatTable(r));
  }
  const latest = {
    benchmark: 'geo (public finder)',
    generatedAt: new Date().toISOString(),
    command: 'npm run bench:geo',
    settings: results[0]?.settings,
    productEnv: results[0]?.productEnv,
    machine: results[0]?.machine,
    sizes: results.map((r) => ({
      size: r.size,
      publicKits: r.seed?.publicCount,
      error: r.error ? r.error.split('\n')[0] : undefined,
      indexBuildSeconds: r.indexBuildSeconds,
      indexFigure: r.index?.figureUsed,
      geoSearchPeakMemoryMB: r.peakMemoryBytes ? Math.round(r.peakMemoryBytes / MB) : undefined,
      mixes: Object.fromEntries(
        Object.entries(r.mixes ?? {}).map(([k, v]) => [
          k,
          { reqPerSec: v.reqPerSec, p50Ms: v.latencyMs.p50, p99Ms: v.latencyMs.p99, errors: v.errors },
        ]),
      ),
      checks: r.checks,
      file: `bench/results/geo-${r.size}-${stamp}.json`,
    })),
  };
  if (LABEL) {
    say(`BENCH_LABEL=${LABEL}: bench/results/latest.json and bench/README.md left as they were`);
  } else {
    writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(latest, null, 2)}\n`);
    say('wrote bench/results/latest.json');
    try {
      updateReadme(path.join(ROOT, 'bench', 'README.md'), results, stamp);
    } catch (e) {
      say(`bench/README.md not updated: ${e.message}`);
    }
  }
  for (const r of results) console.log(formatTable(r));
  return results.every((r) => !r.error) ? 0 : 1;
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping (children are killed on exit)`);
    process.exit(130);
  });
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[bench] ${err.stack ?? err}`);
    process.exit(1);
  },
);
