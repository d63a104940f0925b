#!/usr/bin/env node
// `npm run bench:object-store`: storing geo-search's projection snapshot in the JetStream object store, with
// nats.js's own putBlob and with geo-search's writer (services/geo-search/src/projection/object-chunks.ts), one after
// the other on the same bytes: how long each takes and the longest the writing process's event loop is held, which is
// what a replica answering searches while it stores a snapshot feels. The bytes are random (a gzipped snapshot does
// not compress further), BENCH_OBJECT_MB of them: 68 is the snapshot at 1,000,000 kits. Target: no stall longer than
// the finder's open-loop p99 budget at half load (50 ms). Results in bench/results/object-store-<date>.json.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { StorageType, connect } from 'nats';
import { ROOT, findNatsServer, freePort, waitForPort } from '../scripts/lib/infra.mjs';
import { privateBuild } from './lib/private-build.mjs';
import { round } from './lib/stats.mjs';

const require = createRequire(import.meta.url);
const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_OBJECT_MB || 68);
const ROUNDS = Number(process.env.BENCH_OBJECT_ROUNDS || 3);
const STALL_TARGET_MS = 50;
const BUCKET = 'bench-object-store';
const NAME = 'public-projection';
const say = (text) => process.stdout.write(`[bench:object-store] ${text}\n`);

/** Runs `work` while measuring the event loop: the histogram's max (1 ms resolution) and the longest gap of a 1 ms timer. */
async function measured(work) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let last = performance.now();
  let longestGap = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  }, 1);
  delay.enable();
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  delay.disable();
  clearInterval(ticker);
  longestGap = Math.max(longestGap, performance.now() - last);
  return { value, ms: round(ms), stallMaxMs: round(Math.max(delay.max / 1e6, longestGap)), delayP99Ms: round(delay.percentile(99) / 1e6) };
}

async function main() {
  const natsBin = findNatsServer(process.env);
  if (!natsBin) throw new Error('no nats-server binary (install the nats-server package)');
  const build = privateBuild('object-store-build', ['services/geo-search'], { log: say });
  const { putObject, objectChunks } = require(build.built('services/geo-search', 'projection/object-chunks.js'));
  const storeDir = mkdtempSync(path.join(os.tmpdir(), 'bleedkits-bench-object-store-'));
  const port = await freePort();
  const nats = spawn(natsBin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
  process.once('exit', () => nats.exitCode === null && nats.kill('SIGKILL'));
  let nc;
  try {
    await waitForPort('127.0.0.1', port, { timeoutMs: 20_000, name: 'private nats-server' });
    nc = await connect({ servers: `127.0.0.1:${port}` });
    const js = nc.jetstream();
    const store = await js.views.os(BUCKET, { storage: StorageType.File });
    const bytes = randomBytes(SIZE_MB * MB);
    const natsJs = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/nats/package.json'), 'utf8')).version;
    say(`${SIZE_MB} MB, ${ROUNDS} rounds, nats.js ${natsJs}, file storage`);

    const writers = {
      'nats.js putBlob': async () => {
        const previous = await store.info(NAME);
        return store.putBlob({ name: NAME, description: 'bench' }, bytes, { timeout: 60_000, previousRevision: previous?.revision ?? 0 });
      },
      'geo-search putObject': async () => {
        const replacing = await store.info(NAME);
        return putObject(nc, { bucket: BUCKET, name: NAME, description: 'bench', bytes, replacing, timeoutMs: 60_000 });
      },
    };
    const runs = [];
    const digests = new Set();
    for (let r = 0; r < ROUNDS; r++)
      for (const [writer, write] of Object.entries(writers)) {
        const run = await measured(write);
        // Whatever wrote it, the object reads back whole through the replicas' reader, digest checked.
        const info = await store.info(NAME);
        let size = 0;
        for await (const chunk of objectChunks(js, BUCKET, info)) size += chunk.length;
        if (size !== bytes.length) throw new Error(`${writer}: read back ${size} bytes of ${bytes.length}`);
        digests.add(info.digest);
        runs.push({ writer, round: r + 1, ms: run.ms, stallMaxMs: run.stallMaxMs, delayP99Ms: run.delayP99Ms, chunks: info.chunks });
        say(`${writer.padEnd(22)} round ${r + 1}: ${run.ms} ms, longest stall ${run.stallMaxMs} ms, event-loop delay p99 ${run.delayP99Ms} ms`);
      }
    if (digests.size !== 1) throw new Error(`the writers disagree on the digest of the same bytes: ${[...digests].join(', ')}`);

    const summary = Object.keys(writers).map((writer) => {
      const mine = runs.filter((x) => x.writer === writer);
      const worstStall = Math.max(...mine.map((x) => x.stallMaxMs));
      return {
        writer,
        medianMs: mine.map((x) => x.ms).sort((a, b) => a - b)[Math.floor(mine.length / 2)],
        worstStallMs: worstStall,
        stallTarget: worstStall <= STALL_TARGET_MS ? 'PASS' : 'FAIL',
      };
    });
    for (const s of summary)
      say(`${s.writer.padEnd(22)} median ${s.medianMs} ms, worst stall ${s.worstStallMs} ms (target ≤ ${STALL_TARGET_MS} ms: ${s.stallTarget})`);
    const stamp = new Date()
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replaceAll(':', '-');
    const out = path.join(ROOT, 'bench', 'results', `object-store-${stamp}.json`);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(
      out,
      `${JSON.stringify(
        {
          startedAt: new Date().toISOString(),
          machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, load1: round(os.loadavg()[0], 2) },
          settings: { megabytes: SIZE_MB, rounds: ROUNDS, stallTargetMs: STALL_TARGET_MS, storage: 'file', natsJs },
          summary,
          runs,
        },
        null,
        2,
      )}\n`,
    );
    say(`written ${path.relative(ROOT, out)}`);
  } finally {
    await nc?.close();
    nats.kill('SIGTERM');
    rmSync(storeDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  process.stderr.write(`[bench:object-store] ${e.stack ?? e}\n`);
  process.exit(1);
});
