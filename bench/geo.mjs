#!/usr/bin/env node
// `npm run bench:geo`: the public finder at national scale and under faults. For each register size it
//   1. creates a fresh database (BENCH_DATABASE) and a private nats-server with JetStream,
//   2. lets the kits service migrate it, seeds N synthetic kits spread like the UK population (a benchmark fixture,
//      bench/lib/seed.mjs), and adds the PostGIS baseline's columns and GiST indexes (installing PostGIS from
//      Debian's packages when missing),
//   3. starts kits, the gateway (BENCH_SQL_BASELINE=true), the PostGIS responder and a first geo-search replica, and
//      times that replica's index from the whole feed; it then stores the first snapshot of the projection,
//   4. times a new replica ready from the feed alone and one from the snapshot (the second replica of the run),
//   5. drives the gateway with wrk (one thread; BENCH_GENERATOR=autocannon for the old generator) through the recorded
//      mixes (bench/mixes/), recording the generator's CPU against the server's (a mix where the generator used
//      more than 70 % of a core or more than the server is GENERATOR-BOUND): cold viewports (while a loop
//      moves kits through the kits service and times each move until the gateway shows it: freshness), hot
//      viewports, nearby, the same cold, hot and nearby requests through the Node peer (supercluster and
//      kdbush/geokdbush rebuilt in full on each change, started for its mixes only, with its own freshness loop under
//      its cold mix), the same cold boxes and nearby points through PostGIS, and the hot mix's bytes from a bare Node
//      server (the ceiling),
//   5b. sends the cold and nearby mixes open-loop (a fixed arrival rate, latency from each request's due time) at
//      50 % and 80 % of their closed-loop req/s on a pool of BENCH_OPEN_LOOP_CONNECTIONS keep-alive connections
//      (bench/lib/open-loop.mjs, in a process of its own): p50 / p99 / p99.9, errors, requests that waited for a
//      connection, how late the generator itself sent them, each second's p99, and each process's longest event-loop
//      delay per second,
//   6. kills one replica with SIGKILL under the cold mix, then restarts both in turn (SIGTERM, start, ready, next),
//      counting every failed request,
//   7. prints and writes every figure with PASS / FAIL per target (bench/lib/targets.mjs and, against the Node peer,
//      bench/lib/peer-checks.mjs: ratios measured in the same run) to bench/results/geo-<size>-<date>.json and bench/results/latest.json, and refreshes the figures
//      sections of bench/README.md and of the root README.md.
//
// The processes run from a private build of the working tree (swc into <package>/.bench-tmp/geo-build; the shared
// dist/ folders are left alone). Not part of `npm test`; exit 0 whatever the figures, 1 only when it could not measure.
//
// Env: BENCH_SIZES=30000,1000000  BENCH_DURATION_SECONDS=15  BENCH_WARMUP_SECONDS=5  BENCH_CONNECTIONS=32
//      BENCH_MIXES=cold,hot,nearby,ceiling,peer-cold,peer-hot,peer-nearby,postgis-cold,postgis-nearby  BENCH_FAULTS=1
//      BENCH_PIPELINE=8 (requests at once per connection in the ceiling mix and the hot/ceiling pairs)
//      BENCH_HOT_CEILING_PAIRS=3 (pipelined hot and ceiling runs as adjacent pairs; the median pair's ratio is judged)
//      BENCH_SEED=20261121  BENCH_DATABASE=bleedkits_bench  BENCH_INDEX_TIMEOUT_SECONDS=600  BENCH_KEEP_DATABASE=1  BENCH_LABEL=<word>
//      BENCH_OPEN_LOOP=1  BENCH_OPEN_LOOP_WARMUP_SECONDS=3  BENCH_OPEN_LOOP_CONNECTIONS=64
//      BENCH_TRACE_GC=1 (every process of the stack logs each garbage collection into the run's process log)
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
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
  redisCommands,
  redisDb,
  replaceDatabase,
  sleep,
  waitForPort,
} from '../scripts/lib/infra.mjs';
import { loadMix, requestPath } from './lib/mixes.mjs';
import { ensurePostgis, preparePostgis } from './lib/postgis.mjs';
import { privateBuild } from './lib/private-build.mjs';
import { cpuSecondsOf, findByCommand, machineCpu, memoryOf, memorySampler } from './lib/procs.mjs';
import { formatTable, latestMarkdown, updateReadme } from './lib/report.mjs';
import { seedKits } from './lib/seed.mjs';
import { checkTargets } from './lib/targets.mjs';
import { PEER_MIXES, checkPeerTargets, formatPeer, rebuildSummary, withBaselineErrors } from './lib/peer-checks.mjs';
import { runOpenLoopInChild } from './lib/open-loop-process.mjs';
import { ensureWrk, generatorBound, runWrk } from './lib/wrk.mjs';
import { percentile, round } from './lib/stats.mjs';
import { createRng } from './lib/rng.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const { connect } = require('nats');

const env0 = { ...process.env };
const SIZES = (env0.BENCH_SIZES || '30000,1000000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const DURATION = Number(env0.BENCH_DURATION_SECONDS || 15);
const WARMUP = Number(env0.BENCH_WARMUP_SECONDS ?? 5);
const CONNECTIONS = Number(env0.BENCH_CONNECTIONS || 32);
/**
 * Requests at once on each connection in the ceiling mix and in the hot/ceiling pairs (HTTP/1.1 pipelining; wrk then
 * times a batch, not a request, so the hot mix's own latency is measured one request at a time). Each of those
 * answers is already made, so one at a time wrk costs about as much per request as the server answering it, and the
 * ceiling measured wrk.
 */
const PIPELINE = Math.max(1, Number(env0.BENCH_PIPELINE || 8));
/**
 * Pairs of pipelined hot and ceiling runs, one right after the other, whose median ratio is judged: the gateway's
 * cost per cached answer moves from one minute to the next on a shared machine, and one pair made the verdict a draw.
 */
const HOT_CEILING_PAIRS = Math.max(1, Number(env0.BENCH_HOT_CEILING_PAIRS || 3));
const MIXES = (env0.BENCH_MIXES || 'cold,hot,nearby,ceiling,peer-cold,peer-hot,peer-nearby,postgis-cold,postgis-nearby')
  .split(',')
  .map((s) => s.trim());
const FAULTS = env0.BENCH_FAULTS !== '0';
/** wrk (default) or autocannon (the old generator, which tops out near 3,500 req/s here: kept to compare). */
const GENERATOR = env0.BENCH_GENERATOR === 'autocannon' ? 'autocannon' : 'wrk';
/**
 * The open-loop phase (BENCH_OPEN_LOOP=0 skips it): [share of the closed-loop maximum, the pass over the recorded list
 * each never-repeating mix starts from there, one no other run asks].
 */
const OPEN_LOOP = env0.BENCH_OPEN_LOOP !== '0';
/** Seconds of each open-loop run at its rate before it is measured (connections opened, not counted). */
const OPEN_LOOP_WARMUP = Number(env0.BENCH_OPEN_LOOP_WARMUP_SECONDS ?? 3);
/** Keep-alive connections the open-loop client may hold (a load balancer's pool); a request queues for a free one. */
const OPEN_LOOP_CONNECTIONS = Number(env0.BENCH_OPEN_LOOP_CONNECTIONS || 64);
const OPEN_LOOP_SHARES = [
  [0.5, { cold: 10, nearby: 1000 }],
  [0.8, { cold: 14, nearby: 2000 }],
];
/** Mixes whose every request is one not asked before in the run (deploy/k6/lib/mixes.js: coldBox, nearbyPoint). */
const NEVER_REPEATING = new Set(['cold', 'nearby']);
/** Paths written for a never-repeating mix (cold, nearby) per second: more than its fastest run asks in BENCH_DURATION_SECONDS. */
const NEVER_REPEATING_PATHS_PER_SECOND = Number(env0.BENCH_COLD_PATHS_PER_SECOND || 20_000);
const SEED = Number(env0.BENCH_SEED || 20261121);
const DB_NAME = env0.BENCH_DATABASE || 'bleedkits_bench';
const INDEX_TIMEOUT_MS = Number(env0.BENCH_INDEX_TIMEOUT_SECONDS || 600) * 1000;
const REDIS_DB = 14;
const CPU_COUNT = os.cpus().length;
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const LABEL = (env0.BENCH_LABEL || '').replace(/[^a-z0-9-]/gi, '');
const QUIET_WAIT_MS = Number(env0.BENCH_QUIET_WAIT_SECONDS ?? 600) * 1000;
const QUIET_LOAD = Number(env0.BENCH_QUIET_LOAD || 0.5 * CPU_COUNT);
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const LOG_DIR = path.join(RESULTS_DIR, 'logs');
const UK = { north: 61.0, south: 49.8, east: 2.0, west: -8.7 };
const GB = 1024 ** 3;
const MB = 1024 ** 2;
const SNAPSHOT_BUCKET = 'geo-search-snapshots';
const ADMIN = { id: randomUUID(), role: 'admin', email: 'admin@bench.test' };

const say = (text) => console.log(`[bench] ${text}`);
const stamp = new Date()
  .toISOString()
  .replace(/:/g, '-')
  .replace(/\.\d+Z$/, 'Z');
let build; // the private build: { hook, main(pkg), built(pkg, ...) }
let wrkBin = null; // wrk's path when it is the generator
let contracts; // the private build of contracts (subject names)
let peerSubjects; // the Node peer's subjects, from the private build of the gateway (bench-only, not in contracts)

// ---- processes ---------------------------------------------------------------------------------------------------

function nodeOptionsOf(pkg) {
  try {
    const { nodeOptions } = JSON.parse(readFileSync(path.join(ROOT, pkg, 'package.json'), 'utf8'));
    return typeof nodeOptions === 'string' ? nodeOptions.split(/\s+/).filter(Boolean) : [];
  } catch {
    return [];
  }
}

/** A process of the stack from the private build (with the Node flags its package asks for), logged to `logFile`. */
function startProcess(name, pkg, env, logFile) {
  const profile = env0.BENCH_CPU_PROF
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${path.join(path.dirname(logFile), `cpuprof-${path.basename(logFile, '.log')}`)}`,
        `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`,
      ]
    : [];
  if (env0.BENCH_TRACE_GC) profile.push('--trace-gc');
  const child = spawn(process.execPath, [...nodeOptionsOf(pkg), ...profile, '-r', build.hook, build.main(pkg)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const line = (d) => appendFileSync(logFile, `${d.toString().trimEnd().replace(/^/gm, `${name} | `)}\n`);
  child.stdout.on('data', line);
  child.stderr.on('data', line);
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  return child;
}

function startScript(name, file, args, env, logFile) {
  const child = spawn(process.execPath, [file, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      appendFileSync(logFile, `${d.toString().trimEnd().replace(/^/gm, `${name} | `)}\n`);
      const m = /ready(?: (\d+))?/.exec(d.toString());
      if (m) resolve(m[1] ? Number(m[1]) : true);
    });
    child.stderr.on('data', (d) => appendFileSync(logFile, `${d.toString().trimEnd().replace(/^/gm, `${name} | `)}\n`));
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  return { child, ready };
}

async function stopChild(child, signal = 'SIGTERM', graceMs = 20_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
  const gone = new Promise((r) => child.once('exit', (code) => r(code)));
  child.kill(signal);
  const t = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const code = await gone;
  clearTimeout(t);
  return code;
}

async function waitForHttp(url, { timeoutMs, child, name, ok = (s) => s === 200 }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (ok(res.status)) return;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** One geo-search replica: its process, its probe port, and how long it took to be ready (from spawn). */
async function startReplica(name, stackEnv, logFile, extra = {}) {
  const [port] = await distinctFreePorts(1);
  const spawnedAt = Date.now();
  const child = startProcess(name, 'services/geo-search', { ...stackEnv, SERVICE_HTTP_PORT: String(port), ...extra }, logFile);
  const replica = { name, child, port, pid: child.pid, spawnedAt, readySeconds: null };
  replica.ready = waitForHttp(`http://127.0.0.1:${port}/readyz`, { timeoutMs: INDEX_TIMEOUT_MS, child, name }).then(() => {
    replica.readySeconds = round((Date.now() - spawnedAt) / 1000);
    return replica;
  });
  return replica;
}

/**
 * Each process's longest event-loop delay in each second (prom-client's nodejs_eventloop_lag_max_seconds, which a
 * scrape resets), read from its /metrics during an open-loop run: whether a process stalled while requests queued;
 * and the machine's busy and stolen CPU in each second.
 */
function eventLoopLagSampler(ports) {
  const series = Object.fromEntries(Object.keys(ports).map((name) => [name, []]));
  // The machine's own CPU each second (/proc/stat): a stall of every process at once with idle cores left is the
  // host's doing (steal: the hypervisor ran another guest), not the finder's.
  const machine = { busyPercent: [], stealPercent: [] };
  let lastStat = machineCpu();
  let timer = null;
  const sample = (keep) => {
    const stat = machineCpu();
    if (keep) {
      // In one core's units, like every other CPU figure of the run (the whole machine is CPU_COUNT × 100).
      const total = stat.total - lastStat.total || 1;
      machine.busyPercent.push(round(((stat.busy - lastStat.busy) / total) * 100 * CPU_COUNT));
      machine.stealPercent.push(round(((stat.stealSeconds - lastStat.stealSeconds) / total) * 100 * CPU_COUNT));
    }
    lastStat = stat;
    return Promise.all(
      Object.entries(ports).map(async ([name, port]) => {
        const ms = round(metric(await metricsOf(port), 'nodejs_eventloop_lag_max_seconds') * 1000);
        if (keep) series[name].push(ms);
      }),
    );
  };
  return {
    start() {
      // The first scrape only resets the maxima of the warm-up.
      void sample(false);
      timer = setInterval(() => void sample(true), 1000);
    },
    stop() {
      clearInterval(timer);
      return { lag: series, machine };
    },
  };
}

async function metricsOf(port) {
  try {
    return await (await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5000) })).text();
  } catch {
    return '';
  }
}
const metric = (text, name) => Number((new RegExp(`^${name} ([\\d.eE+-]+)$`, 'm').exec(text) ?? [])[1] ?? NaN);

// ---- NATS: the kits service (Nest's request packet) and the object store -----------------------------------------

async function natsRequest(nc, subject, data, timeout = 10_000) {
  const msg = await nc.request(subject, JSON.stringify({ pattern: subject, data, id: randomUUID() }), { timeout });
  const packet = JSON.parse(Buffer.from(msg.data).toString('utf8'));
  if (packet.err) throw new Error(`${subject}: ${JSON.stringify(packet.err)}`);
  return packet.response;
}

/** Waits until a snapshot of the projection at least at `revision` is stored; its size. */
async function waitForSnapshot(nc, revision, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  const store = await nc.jetstream().views.os(SNAPSHOT_BUCKET);
  while (Date.now() < deadline) {
    const info = await store.info('public-projection').catch(() => null);
    const header = info?.description ? JSON.parse(info.description) : null;
    if (header && header.revision >= revision) return { bytes: info.size, header };
    await sleep(500);
  }
  throw new Error(`no snapshot at revision ${revision} was stored within ${timeoutMs / 1000} s`);
}

// ---- load ----------------------------------------------------------------------------------------------------------

/** Kits counted in a viewport answer: clusters add their count, single kits add 1. */
function countInViewport(body) {
  let n = 0;
  for (const it of Array.isArray(body) ? body : []) n += it?.isCluster === true && typeof it.count === 'number' ? it.count : 1;
  return n;
}

/** Polls a whole-UK viewport until its counts add up to the public kits seeded. */
async function waitForIndex(baseUrl, expected, startedAt) {
  const url = `${baseUrl}/api/bleed-kits/public?north=${UK.north}&south=${UK.south}&east=${UK.east}&west=${UK.west}&zoom=6&limit=1000`;
  let last = 'no answer yet';
  let said = 0;
  while (Date.now() < startedAt + INDEX_TIMEOUT_MS) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      const text = await res.text();
      if (res.status === 200) {
        const n = countInViewport(JSON.parse(text));
        last = `${n} of ${expected} kits`;
        if (n === expected) return Date.now() - startedAt;
      } else last = `HTTP ${res.status}`;
    } catch (err) {
      last = err?.cause?.code ?? err.message;
    }
    if (Date.now() - said > 30_000) {
      said = Date.now();
      say(`waiting for the index: ${last}`);
    }
    await sleep(100);
  }
  throw new Error(`the index did not reach ${expected} kits within ${INDEX_TIMEOUT_MS / 1000} s (last: ${last})`);
}

/**
 * autocannon through a mix; `onResponse(at, ok, ms)` sees every request (fault scenarios count errors in time
 * windows). `seconds` 0 runs until stop() is called.
 */
function runAutocannon(baseUrl, { mix, opts = {}, seconds, onResponse }) {
  let i = 0;
  const instance = autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds || 3600,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        headers: { 'accept-encoding': ACCEPT_ENCODING },
        setupRequest: (req) => {
          req.path = requestPath(mix, i++, opts);
          return req;
        },
      },
    ],
  });
  if (onResponse) {
    instance.on('response', (_client, statusCode, _bytes, ms) => onResponse(Date.now(), statusCode >= 200 && statusCode < 300, ms));
    instance.on('reqError', () => onResponse(Date.now(), false, 10_000));
  }
  const done = new Promise((resolve, reject) => {
    instance.on('done', (r) => resolve({ ...r, sent: i }));
    instance.on('error', reject);
  });
  return { done, stop: () => instance.stop() };
}

function summarise(r) {
  return {
    reqPerSec: Math.round((r.requests.total / r.duration) * 10) / 10,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, mean: r.latency.mean },
    requests: r.requests.total,
    sent: r.sent,
    errors: r.errors + r.non2xx,
    errorBreakdown: { socketErrorsAndTimeouts: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, statusCodes: r.statusCodeStats },
    throughputBytesPerSec: r.throughput.average,
    durationSeconds: r.duration,
  };
}

/** Which process groups serve each mix (the rest of the pipeline idles): the server's CPU against the generator's. */
const SERVERS_OF = {
  ceiling: ['ceiling'],
  'postgis-cold': ['gateway', 'postgis', 'postgres', 'nats'],
  'postgis-nearby': ['gateway', 'postgis', 'postgres', 'nats'],
  'peer-cold': ['gateway', 'peer', 'nats'],
  'peer-hot': ['gateway', 'peer', 'nats'],
  'peer-nearby': ['gateway', 'peer', 'nats'],
  'sql-cold': ['gateway', 'kits', 'postgres', 'nats'],
  default: ['gateway', 'geo-search', 'nats'],
};

/**
 * One closed-loop run of a mix with the run's generator: wrk replaying the mix's request list (a cold mix's list is
 * long enough never to repeat within the run), or autocannon. `done` resolves with summarise()'s shape plus
 * `generator` (its name and CPU).
 */
function generate(url, run, opts, seconds, { warmUp = false } = {}) {
  if (GENERATOR === 'autocannon') {
    const load = runAutocannon(url, { mix: run.mix, opts, seconds });
    return { done: load.done.then(summarise) };
  }
  // A never-repeating mix's warm-up stays on its moved copy of the recorded list (cycling within it), so the
  // measured requests are still unseen when the run starts.
  const fresh = NEVER_REPEATING.has(run.mix.mix) ? (warmUp ? run.mix.requests.length : NEVER_REPEATING_PATHS_PER_SECOND * seconds) : null;
  const count = fresh ?? (run.mix.mix === 'hot' ? run.mix.sequence.length : run.mix.requests.length);
  const paths = Array.from({ length: count }, (_, i) => requestPath(run.mix, i, opts));
  const pathsFile = path.join(os.tmpdir(), `bk-bench-paths-${process.pid}.txt`);
  return {
    done: runWrk(wrkBin, url, paths, {
      connections: CONNECTIONS,
      seconds,
      pathsFile,
      acceptEncoding: ACCEPT_ENCODING,
      pipeline: run.pipelined ? PIPELINE : 1,
    }).then((r) => ({
      ...r,
      // A never-repeating mix asked more than its list would have repeated itself (answers cached): say so.
      ...(NEVER_REPEATING.has(run.mix.mix) && !warmUp && r.requests > count ? { repeatedPaths: r.requests - count } : {}),
    })),
  };
}

function cpuSnapshot(pids) {
  const snap = {};
  for (const [name, list] of Object.entries(pids())) snap[name] = Object.fromEntries(list.map((pid) => [pid, cpuSecondsOf(pid) ?? 0]));
  return snap;
}
function cpuShare(before, after, seconds) {
  const out = {};
  for (const [name, pids] of Object.entries(after)) {
    let used = 0;
    for (const [pid, cpu] of Object.entries(pids)) used += cpu - (before[name]?.[pid] ?? 0);
    out[name] = Math.round((used / seconds) * 100);
  }
  return out;
}

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
  return Math.round(os.loadavg()[0] * 100) / 100;
}

/** The raw (gzipped) bytes the gateway answers for `pathname`. */
function rawGet(baseUrl, pathname) {
  return new Promise((resolve, reject) => {
    httpRequest(`${baseUrl}${pathname}`, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
      const chunks = [];
      res
        .on('data', (c) => chunks.push(c))
        .on('end', () => resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Freshness: while the cold mix runs, moves one public kit at a time through the kits service (an admin's edit of its
 * place) and polls the gateway's nearby answer at the new place until it shows the kit: write → visible, in ms.
 */
async function freshnessLoop(nc, baseUrl, ids, stopAt, rnd, nearbyPath = '/api/bleed-kits/nearby') {
  const samples = [];
  const writes = [];
  let timeouts = 0;
  while (Date.now() < stopAt) {
    const kitId = ids[Math.floor(rnd() * ids.length)];
    const lat = Math.round((51 + rnd() * 3) * 1e6) / 1e6;
    const lng = Math.round((-2.8 + rnd() * 2.5) * 1e6) / 1e6;
    const started = performance.now();
    await natsRequest(nc, contracts.KitsSubjects.edit, { actor: ADMIN, kitId, data: { latitude: String(lat), longitude: String(lng) } });
    writes.push(performance.now() - started);
    for (;;) {
      const res = await fetch(`${baseUrl}${nearbyPath}?lat=${lat}&lng=${lng}&radius=0.05&limit=20`, {
        headers: { 'accept-encoding': 'gzip' },
      }).catch(() => null);
      const items = res && res.status === 200 ? await res.json() : [];
      if (items.some((k) => k.id === kitId)) {
        samples.push(performance.now() - started);
        break;
      }
      if (performance.now() - started > 30_000) {
        timeouts++;
        break;
      }
      await sleep(5);
    }
    await sleep(150);
  }
  return {
    samples: samples.length,
    p50Ms: Math.round(percentile(samples, 50)),
    p90Ms: Math.round(percentile(samples, 90)),
    p99Ms: Math.round(percentile(samples, 99)),
    maxMs: Math.round(Math.max(0, ...samples)),
    writeP50Ms: Math.round(percentile(writes, 50)),
    timeouts,
    method: `admin edit of a public kit place through kits.cmd.edit.v1, then GET ${nearbyPath} at the new place every 5 ms until it lists the kit`,
  };
}

/**
 * The same contract: a sample of the nearby points and of cold boxes (a cycle no mix sends) asked of the finder and of
 * the Node peer. Nearby should list the same kits; viewports count kits differently at the edges (the finder counts
 * the kits of the map cells the box covers, supercluster the clusters whose centre is in the box).
 */
async function peerAgreement(baseUrl, mixes, samples = 50) {
  const bytes = { finder: 0, peer: 0 };
  const get = async (p, who) => {
    const res = await fetch(`${baseUrl}${p}`, { headers: { 'accept-encoding': 'gzip' } });
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
    const text = await res.text();
    bytes[who] += Buffer.byteLength(text);
    return JSON.parse(text);
  };
  const nearby = { asked: 0, sameKitsInOrder: 0, sameKits: 0 };
  for (let i = 0; i < samples; i++) {
    const at = (i * 197) % mixes.nearby.requests.length;
    const ours = (await get(requestPath(mixes.nearby, at), 'finder')).map((k) => k.id);
    const theirs = (await get(requestPath(mixes.nearby, at, { path: '/api/bench/peer-nearby' }), 'peer')).map((k) => k.id);
    nearby.asked++;
    if (ours.join() === theirs.join()) nearby.sameKitsInOrder++;
    if ([...ours].sort().join() === [...theirs].sort().join()) nearby.sameKits++;
  }
  nearby.jsonKB = { finder: round(bytes.finder / 1024 / samples), peer: round(bytes.peer / 1024 / samples) };
  bytes.finder = bytes.peer = 0;
  const items = { finder: 0, peer: 0 };
  const viewports = { asked: 0, sameKitsCounted: 0, bothKitsOnly: 0, bothClustered: 0, withinLimit: 0, countDifferencePercent: [] };
  for (let i = 0; i < samples; i++) {
    const at = (i * 181) % mixes.cold.requests.length;
    const ours = await get(requestPath(mixes.cold, at, { cycleOffset: 5 }), 'finder');
    const theirs = await get(requestPath(mixes.cold, at, { cycleOffset: 5, path: '/api/bench/peer-public' }), 'peer');
    items.finder += ours.length;
    items.peer += theirs.length;
    const clustered = (a) => a.some((it) => it.isCluster === true);
    viewports.asked++;
    const [n, m] = [countInViewport(ours), countInViewport(theirs)];
    if (n === m) viewports.sameKitsCounted++;
    if (!clustered(ours) && !clustered(theirs)) viewports.bothKitsOnly++;
    if (clustered(ours) && clustered(theirs)) viewports.bothClustered++;
    if (theirs.length <= mixes.cold.limit) viewports.withinLimit++;
    viewports.countDifferencePercent.push(n ? Math.abs(m - n) / n : m ? 1 : 0);
  }
  const diffs = viewports.countDifferencePercent.sort((a, b) => a - b);
  viewports.countDifferencePercent = { p50: round(percentile(diffs, 50) * 100, 1), max: round(diffs[diffs.length - 1] * 100, 1) };
  // What each answer carries (its JSON before compression), so a ratio is read against comparable work.
  viewports.jsonKB = { finder: round(bytes.finder / 1024 / samples), peer: round(bytes.peer / 1024 / samples) };
  viewports.items = { finder: round(items.finder / samples), peer: round(items.peer / samples) };
  return { nearby, viewports };
}

// ---- one size ------------------------------------------------------------------------------------------------------

/** targets.mjs's checks, PostGIS's with the baseline's own errors beside its ratios, then the Node peer's. */
const allChecks = (r) => [...withBaselineErrors(checkTargets(r), r), ...checkPeerTargets(r)];

async function migrateWithKits(stackEnv, logFile) {
  const [port] = await distinctFreePorts(1);
  const child = startProcess('kits (migrate)', 'services/kits', { ...stackEnv, SERVICE_HTTP_PORT: String(port) }, logFile);
  try {
    await waitForHttp(`http://127.0.0.1:${port}/readyz`, { timeoutMs: 120_000, child, name: 'kits (migrate)' });
  } finally {
    await stopChild(child);
  }
}

async function benchSize(size, baseEnv, natsBin) {
  const logFile = path.join(LOG_DIR, `geo-${size}-${stamp}.log`);
  writeFileSync(logFile, '');
  say(`=== ${size.toLocaleString('en-GB')} kits (stack log: ${path.relative(ROOT, logFile)}) ===`);
  const databaseUrl = replaceDatabase(baseEnv.DATABASE_URL, DB_NAME);
  const redisUrl = redisDb(baseEnv.REDIS_URL, REDIS_DB);
  const natsDir = mkdtempSync(path.join(os.tmpdir(), 'bleedkits-bench-nats-'));
  const result = { size, startedAt: new Date().toISOString() };
  const children = [];
  const replicas = [];
  let nats;
  let nc;
  let sampler;
  try {
    await dropDatabase(databaseUrl);
    await ensureDatabase(databaseUrl);
    await redisCommands(redisUrl, [['FLUSHDB']]);
    const [natsPort, gatewayPort, kitsPort, managementPort] = await distinctFreePorts(4);
    nats = spawn(natsBin, ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', natsDir], { stdio: 'ignore' });
    process.once('exit', () => nats.exitCode === null && nats.kill('SIGKILL'));
    await waitForPort('127.0.0.1', natsPort, { timeoutMs: 20_000, name: 'private nats-server' });
    const stackEnv = {
      ...baseEnv,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      REDIS_URL: redisUrl,
      SEED_DEMO_KITS: '0',
      BENCH_SQL_BASELINE: 'true',
      IDENTITY_REQUEST_TIMEOUT_MS: '100',
      POSTCODES_IO_BASE_URL: 'off',
      GEO_PROJECTION_SNAPSHOT_FIRST_DELAY_MS: '1000',
      LOG_LEVEL: baseEnv.BENCH_LOG_LEVEL || 'info',
      ADMIN_EMAIL: 'admin@bench.test',
      ADMIN_PASSWORD: 'Bench-Admin-Pass1!',
      SESSION_SECRET: `bench-${SEED}-${Date.now().toString(36)}-0123456789abcdef`,
      PUBLIC_BASE_URL: `http://127.0.0.1:${gatewayPort}`,
    };
    delete stackEnv.PORT;
    delete stackEnv.OTEL_EXPORTER_OTLP_ENDPOINT; // tracing off: it would measure the exporter too

    result.loadBeforeStart = await waitForQuiet();
    await migrateWithKits(stackEnv, logFile);
    const seeded = await seedKits(databaseUrl, size, { seed: SEED, log: (m) => say(m), contracts: build.built('contracts', 'index.js') });
    result.seed = { ...seeded, seed: SEED };
    say(`seeded ${seeded.count} kits (${seeded.publicCount} public) in ${seeded.seconds.toFixed(1)} s`);
    result.postgis = await preparePostgis(databaseUrl);
    say(`PostGIS columns and GiST indexes in ${result.postgis.seconds} s`);

    children.push(startProcess('kits', 'services/kits', { ...stackEnv, SERVICE_HTTP_PORT: String(kitsPort) }, logFile));
    children.push(
      startProcess(
        'gateway',
        'gateway',
        { ...stackEnv, PORT: String(gatewayPort), MANAGEMENT_PORT: String(managementPort), SERVE_WEB: 'false' },
        logFile,
      ),
    );
    const responder = startScript(
      'postgis',
      path.join(ROOT, 'bench', 'lib', 'postgis-responder.mjs'),
      [],
      {
        ...stackEnv,
        BENCH_VIEWPORT_SUBJECT: contracts.GeoSearchSubjects.benchPostgisViewport,
        BENCH_NEARBY_SUBJECT: contracts.GeoSearchSubjects.benchPostgisNearby,
      },
      logFile,
    );
    children.push(responder.child);
    const baseUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitForHttp(`http://127.0.0.1:${kitsPort}/readyz`, { timeoutMs: 120_000, child: children[0], name: 'kits' });
    await waitForHttp(`http://127.0.0.1:${managementPort}/readyz`, { timeoutMs: 120_000, child: children[1], name: 'gateway' });
    await responder.ready;
    nc = await connect({ servers: stackEnv.NATS_URL, name: 'bench-geo' });

    // The first replica joins a running register and reads the whole feed.
    const first = await startReplica('geo-search-1', stackEnv, logFile);
    replicas.push(first);
    sampler = memorySampler(() => (first.child.exitCode === null ? first.pid : null), 200);
    let indexMs;
    try {
      indexMs = await waitForIndex(baseUrl, seeded.publicCount, first.spawnedAt);
    } catch (err) {
      result.index = { complete: false, notCompleteAfterSeconds: Math.round((Date.now() - first.spawnedAt) / 1000) };
      throw err;
    }
    await first.ready;
    const firstReadyAt = Date.now();
    result.index = {
      complete: true,
      fromSpawnSeconds: round(indexMs / 1000),
      readySeconds: first.readySeconds,
      method: 'from spawning geo-search until a whole-UK zoom-6 viewport through the gateway counts every public kit seeded',
    };
    say(`first replica: index complete ${result.index.fromSpawnSeconds} s after spawn`);

    // Readiness of a new replica: from the feed alone, then from the snapshot the first replica stored.
    const stored = await waitForSnapshot(nc, seeded.lastRevision, 300_000);
    const snapshotStoredSeconds = round((Date.now() - firstReadyAt) / 1000);
    const fromFeed = await startReplica('geo-search-feed', stackEnv, logFile, { GEO_PROJECTION_SNAPSHOT_BUCKET: 'off' });
    await fromFeed.ready;
    await stopChild(fromFeed.child);
    const second = await startReplica('geo-search-2', stackEnv, logFile);
    replicas.push(second);
    await second.ready;
    const secondMetrics = await metricsOf(second.port);
    result.readiness = {
      fromFeedSeconds: fromFeed.readySeconds,
      fromSnapshotSeconds: second.readySeconds,
      restoredFromSnapshot: metric(secondMetrics, 'bk_geo_index_from_snapshot') === 1,
      snapshotMB: round(stored.bytes / MB),
      snapshotRevision: stored.header.revision,
      snapshotStoredSeconds,
      method:
        'from spawning a replica until its /readyz answers 200 (index built, caught up, in its queue group); one with GEO_PROJECTION_SNAPSHOT_BUCKET=off, one with the stored snapshot',
    };
    say(`new replica ready from the feed in ${fromFeed.readySeconds} s, from the snapshot in ${second.readySeconds} s`);

    const mixes = { cold: loadMix('cold'), hot: loadMix('hot'), nearby: loadMix('nearby') };
    const runs = {
      cold: { mix: mixes.cold },
      hot: { mix: mixes.hot },
      'hot-pipelined': { mix: mixes.hot, pipelined: true },
      nearby: { mix: mixes.nearby },
      'postgis-cold': { mix: mixes.cold, opts: { path: '/api/bench/postgis-public' } },
      'postgis-nearby': { mix: mixes.nearby, opts: { path: '/api/bench/postgis-nearby' } },
      'peer-cold': { mix: mixes.cold, opts: { path: '/api/bench/peer-public' } },
      'peer-hot': { mix: mixes.hot, opts: { path: '/api/bench/peer-public' } },
      'peer-nearby': { mix: mixes.nearby, opts: { path: '/api/bench/peer-nearby' } },
      'sql-cold': { mix: { ...mixes.cold, limit: 500 }, opts: { path: '/api/bench/public-sql' } },
      ceiling: { mix: mixes.hot, pipelined: true },
    };
    const pidsOf = () => ({
      gateway: children[1].exitCode === null ? [children[1].pid] : [],
      'geo-search': replicas.filter((r) => r.child.exitCode === null).map((r) => r.pid),
      kits: children[0].exitCode === null ? [children[0].pid] : [],
      postgis: responder.child.exitCode === null ? [responder.child.pid] : [],
      peer: peer?.child.exitCode === null ? [peer.child.pid] : [],
      ceiling: ceiling?.child.exitCode === null ? [ceiling.child.pid] : [],
      nats: [nats.pid],
      postgres: findByCommand('postgres: ').filter((pid) => readCmd(pid).includes(` ${DB_NAME} `)),
      'bench (node)': [process.pid],
    });

    // The Node peer: started for its mixes only (its full rebuilds on every change would otherwise take CPU from the
    // finder's cold mix and its freshness loop), stopped after them.
    let peer = null;
    const peerStats = async (since) =>
      JSON.parse(Buffer.from((await nc.request(peerSubjects.stats, JSON.stringify({ since }), { timeout: 60_000 })).data).toString('utf8'));
    const peerRebuilds = [];
    const startPeer = async () => {
      const spawnedAt = Date.now();
      peer = startScript(
        'peer',
        path.join(ROOT, 'bench', 'lib', 'peer-responder.mjs'),
        [],
        {
          ...stackEnv,
          BENCH_CONTRACTS: build.built('contracts', 'index.js'),
          BENCH_PEER_VIEWPORT_SUBJECT: peerSubjects.viewport,
          BENCH_PEER_NEARBY_SUBJECT: peerSubjects.nearby,
          BENCH_PEER_STATS_SUBJECT: peerSubjects.stats,
        },
        logFile,
      );
      children.push(peer.child);
      const kits = await peer.ready;
      const stats = await peerStats(0);
      result.peer = {
        kits,
        readySeconds: round((Date.now() - spawnedAt) / 1000),
        loadedMs: stats.loadedMs,
        firstBuildMs: stats.rebuilds[0]?.ms,
        firstBuild: stats.rebuilds[0],
        cacheLimitBytes: stats.cache.limitBytes,
        method:
          'bench/lib/peer-responder.mjs: public kits from kits.qry.public-changes.v1 (from revision 0, then on every kits.changed hint and every 2 s); supercluster (CLUSTER_OPTIONS) and kdbush rebuilt in full after each change; geokdbush.around for nearby; answers gzipped at level 1 when asked, kept in an LRU emptied by every rebuild',
      };
      if (kits !== seeded.publicCount) say(`!! the peer holds ${kits} kits, ${seeded.publicCount} public were seeded`);
      result.peer.agreement = await peerAgreement(baseUrl, mixes);
      say(`peer answers against the finder's: ${JSON.stringify(result.peer.agreement)}`);
      say(`peer: ${kits} kits, ready ${result.peer.readySeconds} s after spawn (first full build ${result.peer.firstBuildMs} ms)`);
    };
    const stopPeer = async () => {
      const stats = await peerStats(0);
      const memory = memoryOf(peer.child.pid);
      // Kept across the peer's starts (a mix list may interleave the finder's mixes with the peer's).
      peerRebuilds.push(...stats.rebuilds.filter((b) => b.reason === 'change'));
      result.peer.rebuild = rebuildSummary(peerRebuilds);
      result.peer.rebuilds = peerRebuilds.map((b) => b.ms);
      result.peer.cache = stats.cache;
      result.peer.peakRssMB = memory ? Math.round(Math.max(memory.rssBytes, memory.hwmBytes) / MB) : undefined;
      await stopChild(peer.child);
      peer = null;
    };

    // The ceiling: the hot mix's distinct answers recorded from the gateway, served by a bare Node server.
    let ceiling = null;
    if (MIXES.includes('ceiling')) {
      const paths = new Set(mixes.hot.sequence.map((_, i) => requestPath(mixes.hot, i)));
      const recorded = {};
      for (const p of paths) {
        const r = await rawGet(baseUrl, p);
        if (r.status !== 200) throw new Error(`recording the ceiling: ${p} answered ${r.status}`);
        recorded[p] = { gzip: r.encoding === 'gzip', body: r.body.toString('base64') };
      }
      const file = path.join(natsDir, 'ceiling.json');
      writeFileSync(file, JSON.stringify(recorded));
      ceiling = startScript('ceiling', path.join(ROOT, 'bench', 'lib', 'ceiling-server.mjs'), [file], process.env, logFile);
      children.push(ceiling.child);
      ceiling.port = await ceiling.ready;
      result.ceilingRecorded = { answers: paths.size, bytes: Object.values(recorded).reduce((n, a) => n + Buffer.byteLength(a.body, 'base64'), 0) };
    }

    // Public ids for the freshness loop.
    const { Client } = require('pg');
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const ids = (
      await db.query(`SELECT id::int AS id FROM kits.kits WHERE status = 'active' AND public_display ORDER BY random() LIMIT 5000`)
    ).rows.map((r) => r.id);
    await db.end();

    result.loadBeforeMixes = await waitForQuiet();
    if (result.loadBeforeMixes > QUIET_LOAD) say(`!! starting the mixes on a busy machine (load ${result.loadBeforeMixes})`);
    result.mixes = {};
    // Latency at a steady arrival rate: the cold and nearby mixes sent open-loop at half and four fifths of what the
    // closed loop reached, both on requests no run asked before (as in the closed loop: a rate that cache hits helped
    // was an overload for points never seen; bench/README.md, "Known problems").
    // Run before the baselines: PostGIS keeps answering its timed-out queries for a while after its mixes, and that
    // backlog would be measured as the finder's latency; the Node peer runs only for its own mixes.
    const openLoopPhase = async () => {
      result.openLoop = {};
      for (const name of ['cold', 'nearby']) {
        const closed = result.mixes[name];
        if (!closed) continue;
        for (const [share, passes] of OPEN_LOOP_SHARES) {
          const cycleOffset = passes[name];
          const run = runs[name];
          const rate = Math.max(1, Math.round(closed.reqPerSec * share));
          const count = rate * (OPEN_LOOP_WARMUP + DURATION) + 1;
          const paths = Array.from({ length: count }, (_, i) => requestPath(run.mix, i, { ...run.opts, cycleOffset }));
          let before = null;
          let measuredFrom = null;
          // The gateway's hedged queries (asked of a second replica too) while measured: the extra work hedging added.
          const hedgedNow = async () => metric(await metricsOf(managementPort), 'bk_finder_hedged_queries_total');
          let hedgedBefore = Promise.resolve(NaN);
          const live = replicas.filter((r) => r.child.exitCode === null);
          const lag = eventLoopLagSampler({ gateway: managementPort, ...Object.fromEntries(live.map((r) => [r.name, r.port])) });
          const o = await runOpenLoopInChild(baseUrl, paths, {
            rate,
            seconds: DURATION,
            warmupSeconds: OPEN_LOOP_WARMUP,
            headers: { 'accept-encoding': ACCEPT_ENCODING },
            maxConnections: OPEN_LOOP_CONNECTIONS,
            onMeasuring: () => {
              before = cpuSnapshot(pidsOf);
              hedgedBefore = hedgedNow();
              lag.start();
              measuredFrom = new Date().toISOString();
            },
          });
          o.measuredFrom = measuredFrom;
          const sampled = lag.stop();
          o.eventLoopLagMaxMs = sampled.lag;
          o.machinePerSecond = sampled.machine;
          const hedged = (await hedgedNow()) - (await hedgedBefore);
          if (Number.isFinite(hedged)) o.hedged = { queries: hedged, shareOfAnswered: round(hedged / Math.max(1, o.answered), 4) };
          const cpu = cpuShare(before, cpuSnapshot(pidsOf), o.durationSeconds);
          o.cpuPercent = cpu;
          o.serverCpuPercent = SERVERS_OF.default.reduce((sum, group) => sum + (cpu[group] ?? 0), 0);
          o.generatorBound = generatorBound(o.generator.cpuPercent, o.serverCpuPercent);
          o.share = share;
          result.openLoop[`${name}@${Math.round(share * 100)}%`] = o;
          say(
            `open loop ${name} at ${Math.round(share * 100)} % (${rate} req/s asked, ${o.rateAchieved} answered): p50 ${o.latencyMs.p50} ms  p99 ${o.latencyMs.p99} ms  p99.9 ${o.latencyMs.p999} ms  errors ${o.errors}  waited for a connection ${o.waitedForConnection}${o.hedged ? `  hedged ${o.hedged.queries}` : ''}  generator ${o.generator.cpuPercent} % (sent late: p99 ${o.generatorLateMs.p99} ms, max ${o.generatorLateMs.max} ms) vs server ${o.serverCpuPercent} %${o.generatorBound ? '  GENERATOR-BOUND' : ''}`,
          );
        }
      }
    };

    /**
     * One closed-loop run of a mix after its warm-up, with the CPU of every process group, the machine's, and the
     * generator's against the server's. `beforeLoad` runs once warmed up; `during(stopAt)` alongside the load.
     */
    const measureMix = async (name, { beforeLoad = async () => undefined, during = () => null } = {}) => {
      const run = runs[name];
      const url = name === 'ceiling' ? `http://127.0.0.1:${ceiling.port}` : baseUrl;
      const warmOffset = NEVER_REPEATING.has(run.mix.mix) ? -1 : 0;
      if (WARMUP > 0) await generate(url, run, { ...run.opts, cycleOffset: warmOffset }, WARMUP, { warmUp: true }).done;
      sampler.resetWindow();
      const ahead = await beforeLoad();
      const before = cpuSnapshot(pidsOf);
      const machineBefore = machineCpu();
      const load = generate(url, run, run.opts, DURATION);
      const alongside = during(Date.now() + DURATION * 1000 - 500);
      const s = await load.done;
      const machineAfter = machineCpu();
      s.cpuPercent = cpuShare(before, cpuSnapshot(pidsOf), s.durationSeconds);
      // The generator's CPU against the server's: a mix where the generator worked harder measured the generator.
      if (GENERATOR === 'autocannon') s.generator = { name: 'autocannon', cpuPercent: s.cpuPercent['bench (node)'] };
      const serving = SERVERS_OF[name] ?? SERVERS_OF.default;
      s.serverCpuPercent = serving.reduce((sum, group) => sum + (s.cpuPercent[group] ?? 0), 0);
      s.serverProcesses = serving;
      s.generatorBound = generatorBound(s.generator.cpuPercent, s.serverCpuPercent);
      const busy = Math.round(((machineAfter.busy - machineBefore.busy) / s.durationSeconds) * 100);
      const ours = Object.values(s.cpuPercent).reduce((a, b) => a + b, 0) + (GENERATOR === 'wrk' ? s.generator.cpuPercent : 0);
      s.machineCpuPercent = { busy, ofCapacity: CPU_COUNT * 100, benchmarkProcesses: ours, otherProcesses: Math.max(0, busy - ours) };
      s.loadAverage = Math.round(os.loadavg()[0] * 100) / 100;
      s.geoSearchPeakRssBytes = sampler.windowPeak();
      return { s, ahead, alongside };
    };
    const sayMix = (name, s) =>
      say(
        `${name.padEnd(14)} ${String(s.reqPerSec).padStart(8)} req/s  p50 ${s.latencyMs.p50} ms  p99 ${s.latencyMs.p99} ms  errors ${s.errors}  generator (${s.generator.name}) ${s.generator.cpuPercent} % vs server ${s.serverCpuPercent} %${s.generatorBound ? '  GENERATOR-BOUND' : ''}  cpu% ${JSON.stringify(s.cpuPercent)}`,
      );

    for (const [at, name] of MIXES.entries()) {
      if (OPEN_LOOP && !result.openLoop && /^(postgis|sql|peer)/.test(name)) await openLoopPhase();
      if (!runs[name]) throw new Error(`unknown mix ${name}`);
      // Measured with the hot mix in the pairs below.
      if (name === 'ceiling' && MIXES.includes('hot')) continue;
      const isPeer = PEER_MIXES.includes(name);
      if (isPeer && !peer) await startPeer();
      let measuredFrom = Date.now();
      const {
        s,
        ahead: peerBefore,
        alongside: fresh,
      } = await measureMix(name, {
        beforeLoad: async () => {
          const stats = isPeer ? await peerStats(Date.now()) : null;
          measuredFrom = Date.now();
          return stats;
        },
        // The peer's loop moves other kits to other places than the finder's (its own stream), so no move is a no-op.
        during: (stopAt) =>
          name === 'cold'
            ? freshnessLoop(nc, baseUrl, ids, stopAt, createRng(SEED))
            : name === 'peer-cold'
              ? freshnessLoop(nc, baseUrl, ids, stopAt, createRng(SEED + 26), '/api/bench/peer-nearby')
              : null,
      });
      result.mixes[name] = s;
      if (fresh && name === 'cold') result.freshness = await fresh;
      if (fresh && name === 'peer-cold') result.peerFreshness = await fresh;
      if (isPeer) {
        const peerAfter = await peerStats(measuredFrom);
        s.peerRebuilds = rebuildSummary(peerAfter.rebuilds.filter((b) => b.reason === 'change'));
        s.peerCache = { hits: peerAfter.cache.hits - peerBefore.cache.hits, misses: peerAfter.cache.misses - peerBefore.cache.misses };
        if (!PEER_MIXES.includes(MIXES[at + 1])) await stopPeer();
      }
      sayMix(name, s);
      if (fresh) {
        const f = name === 'cold' ? result.freshness : result.peerFreshness;
        say(`freshness under the ${name} mix: p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms over ${f.samples} moves (${f.timeouts} not seen in 30 s)`);
      }
      if (s.peerRebuilds?.count)
        say(
          `peer rebuilds in full during ${name}: ${s.peerRebuilds.count}, p50 ${s.peerRebuilds.p50Ms} ms, max ${s.peerRebuilds.maxMs} ms, ${s.peerRebuilds.totalMs} ms in all`,
        );
    }

    // The ratio judged: pipelined hot and ceiling runs, each pair one right after the other.
    if (MIXES.includes('hot') && MIXES.includes('ceiling')) {
      const pairOf = (hot, ceil) => ({
        hot: hot.reqPerSec,
        ceiling: ceil.reqPerSec,
        share: Math.round((hot.reqPerSec / ceil.reqPerSec) * 1000) / 1000,
        pipeline: hot.generator.pipeline,
        generatorCpuPercent: { hot: hot.generator.cpuPercent, ceiling: ceil.generator.cpuPercent },
        serverCpuPercent: { hot: hot.serverCpuPercent, ceiling: ceil.serverCpuPercent },
        generatorBound: hot.generatorBound || ceil.generatorBound,
      });
      result.hotVsCeilingPairs = [];
      const runsOfPairs = [];
      for (let k = 0; k < HOT_CEILING_PAIRS; k++) {
        const { s: hot } = await measureMix('hot-pipelined');
        sayMix('hot-pipelined', hot);
        const { s: ceil } = await measureMix('ceiling');
        sayMix('ceiling', ceil);
        result.hotVsCeilingPairs.push(pairOf(hot, ceil));
        runsOfPairs.push({ hot, ceil, share: hot.reqPerSec / ceil.reqPerSec });
      }
      // The median pair's two runs stand for the mixes in the tables (the lower middle of an even count).
      const median = [...runsOfPairs].sort((a, b) => a.share - b.share)[Math.floor((runsOfPairs.length - 1) / 2)];
      result.mixes['hot-pipelined'] = median.hot;
      result.mixes.ceiling = median.ceil;
      say(`hot vs ceiling, pair by pair: ${result.hotVsCeilingPairs.map((p) => `${Math.round(p.share * 100)} %`).join(', ')}`);
    }

    if (OPEN_LOOP && !result.openLoop) await openLoopPhase();

    if (FAULTS) {
      result.faults = {};
      // kill -9 of one replica under the cold mix.
      const events = [];
      const load = runAutocannon(baseUrl, {
        mix: mixes.cold,
        opts: { cycleOffset: 7 },
        seconds: 27,
        onResponse: (at, ok, ms) => events.push({ at, ok, ms }),
      });
      await sleep(5000);
      const killedAt = Date.now();
      await stopChild(replicas[0].child, 'SIGKILL');
      say('killed geo-search-1 with SIGKILL under the cold mix');
      await load.done;
      const window = (from, to) => {
        const list = events.filter((e) => e.at >= from && e.at < to);
        return { requests: list.length, errors: list.filter((e) => !e.ok).length, maxMs: Math.max(0, ...list.map((e) => e.ms)) };
      };
      result.faults.kill = { before: window(0, killedAt), burst: window(killedAt, killedAt + 10_000), after: window(killedAt + 10_000, Infinity) };
      say(`kill -9: ${JSON.stringify(result.faults.kill)}`);

      // Rolling restart: the killed replica comes back from the snapshot, then each replica in turn is stopped with
      // SIGTERM and replaced, the next only once the new one is ready.
      const back = await startReplica('geo-search-3', stackEnv, logFile);
      replicas.push(back);
      await back.ready;
      const rolling = [];
      const startedAt = Date.now();
      const load2 = runAutocannon(baseUrl, { mix: mixes.cold, opts: { cycleOffset: 9 }, seconds: 0, onResponse: (at, ok) => rolling.push(ok) });
      await sleep(3000);
      for (const old of [replicas[1], replicas[2]]) {
        const code = await stopChild(old.child, 'SIGTERM');
        const next = await startReplica(`${old.name}-next`, stackEnv, logFile);
        replicas.push(next);
        await next.ready;
        say(`rolling restart: ${old.name} stopped (exit ${code}), ${next.name} ready in ${next.readySeconds} s`);
        await sleep(2000);
      }
      await sleep(2000);
      load2.stop();
      await load2.done;
      result.faults.rolling = {
        requests: rolling.length,
        errors: rolling.filter((ok) => !ok).length,
        seconds: round((Date.now() - startedAt) / 1000),
      };
      say(`rolling restart: ${JSON.stringify(result.faults.rolling)}`);
    }

    const mem = sampler.peak();
    result.geoSearchMemory = {
      peakRssBytes: mem.peakRssBytes,
      vmHwmBytes: mem.vmHwmBytes,
      method: 'VmRSS of the first replica sampled every 200 ms from spawn until it was killed, and its VmHWM',
    };
    result.peakMemoryBytes = Math.max(mem.peakRssBytes, mem.vmHwmBytes);
    result.checks = allChecks(result);
    result.finishedAt = new Date().toISOString();
    return result;
  } catch (err) {
    result.error = err.stack ?? String(err);
    if (sampler) {
      const mem = sampler.peak();
      result.peakMemoryBytes = Math.max(mem.peakRssBytes, mem.vmHwmBytes) || undefined;
    }
    result.checks = allChecks(result);
    say(`size ${size} failed: ${err.message}`);
    say(`last lines of ${path.relative(ROOT, logFile)}:\n${tail(logFile, 40)}`);
    return result;
  } finally {
    sampler?.stop();
    await nc?.close().catch(() => undefined);
    // SIGTERM when profiling: a killed process writes no profile.
    for (const r of replicas) await stopChild(r.child, env0.BENCH_CPU_PROF ? 'SIGTERM' : 'SIGKILL');
    for (const c of children.reverse()) await stopChild(c);
    if (nats) await stopChild(nats, 'SIGTERM', 5000);
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

// ---- main ----------------------------------------------------------------------------------------------------------

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
    `sizes ${SIZES.join(', ')}; mixes ${MIXES.join(', ')}; faults ${FAULTS ? 'on' : 'off'}; ${DURATION} s each after a ${WARMUP} s warm-up; ${CONNECTIONS} connections; seed ${SEED}`,
  );
  say(
    `machine: ${CPU_COUNT} x ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / GB).toFixed(0)} GiB, Node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await ensureInfrastructure(env, { log: say });
  const natsBin = findNatsServer(env);
  if (!natsBin) throw new Error('no nats-server binary (install the nats-server package)');
  build = privateBuild('geo-build', ['contracts', 'platform', 'gateway', 'services/kits', 'services/geo-search'], { log: say });
  // The call subjects (KitsSubjects, GeoSearchSubjects) are declared in the typed wire's entry.
  contracts = { ...require(build.built('contracts', 'index.js')), ...require(build.built('contracts', 'wire', 'index.js')) };
  peerSubjects = require(build.built('gateway', 'routes', 'finder', 'bench-peer-subjects.js')).BenchPeerSubjects;
  const postgisInstall = await ensurePostgis(replaceDatabase(env.DATABASE_URL, 'postgres'), { log: say });
  if (GENERATOR === 'wrk') {
    wrkBin = ensureWrk({ log: say });
    if (!wrkBin) throw new Error('wrk is not installed and could not be (apt-get install wrk), or run with BENCH_GENERATOR=autocannon');
  }

  const results = [];
  for (const size of SIZES) {
    const r = await benchSize(size, env, natsBin);
    r.postgis = { ...r.postgis, install: postgisInstall };
    r.machine = { cpus: CPU_COUNT, cpuModel: os.cpus()[0]?.model, memGiB: Math.round(os.totalmem() / GB), node: process.version };
    r.productEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => /^(GEO_|KITS_|FINDER_|NATS_REQUEST|LOG_LEVEL)/.test(k)));
    r.settings = {
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      connections: CONNECTIONS,
      mixes: MIXES,
      faults: FAULTS,
      seed: SEED,
      generator: GENERATOR === 'wrk' ? 'wrk, one thread (closed loop)' : 'autocannon (closed loop)',
      acceptEncoding: `${ACCEPT_ENCODING} (like a browser)`,
    };
    r.label = LABEL || undefined;
    const file = path.join(RESULTS_DIR, `geo-${size}${LABEL ? `-${LABEL}` : ''}-${stamp}.json`);
    writeFileSync(file, `${JSON.stringify(r, null, 2)}\n`);
    say(`wrote ${path.relative(ROOT, file)}`);
    results.push(r);
    console.log(formatTable(r));
    console.log(formatPeer(r));
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
      mixes: Object.fromEntries(
        Object.entries(r.mixes ?? {}).map(([k, v]) => [
          k,
          { reqPerSec: v.reqPerSec, p50Ms: v.latencyMs.p50, p99Ms: v.latencyMs.p99, errors: v.errors },
        ]),
      ),
      freshness: r.freshness,
      peer: r.peer && { ...r.peer, rebuilds: undefined, freshness: r.peerFreshness },
      readiness: r.readiness,
      faults: r.faults,
      geoSearchPeakMemoryMB: r.peakMemoryBytes ? Math.round(r.peakMemoryBytes / MB) : undefined,
      checks: r.checks,
      file: `bench/results/geo-${r.size}-${stamp}.json`,
    })),
  };
  if (LABEL) {
    say(`BENCH_LABEL=${LABEL}: bench/results/latest.json and the READMEs left as they were`);
  } else {
    writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(latest, null, 2)}\n`);
    say('wrote bench/results/latest.json');
    for (const readme of [path.join(ROOT, 'bench', 'README.md'), path.join(ROOT, 'README.md')]) {
      if (!(await updateReadme(readme, results, stamp))) say(`${path.relative(ROOT, readme)}: no figures section (markers) to update`);
    }
  }
  for (const r of results) console.log(`${formatTable(r)}${formatPeer(r)}`);
  console.log(latestMarkdown(results, stamp));
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
