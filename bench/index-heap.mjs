#!/usr/bin/env node
// `npm run bench:index-heap [-- 1000000]`: what geo-search's public index costs the garbage collector, which sets
// the finder's open-loop tails at a million kits (bench/README.md, "Known problems"). In one process, without a
// stack: synthetic public kits spread like the UK population (the bench:geo data) become kit entries through
// geo-search's own toKitEntry and an index through PublicKitIndex.build, from a private build of the working tree.
// Reported: V8 heap used with the index held (and per kit), and the time of a full collection (forced, atomic: the
// marking the incremental collector spreads over the replica's event loop), median of BENCH_GC_ROUNDS. Results in bench/results/index-heap-<date>.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../scripts/lib/infra.mjs';
import { privateBuild } from './lib/private-build.mjs';
import { loadPopulation } from './lib/population.mjs';
import { createRng, deriveSeed } from './lib/rng.mjs';
import { publicKit } from './lib/seed.mjs';
import { percentile, round } from './lib/stats.mjs';

const say = (text) => process.stdout.write(`[bench:index-heap] ${text}\n`);
const require = createRequire(import.meta.url);

if (typeof globalThis.gc !== 'function') {
  // Forcing collections needs --expose-gc: run this file again with it.
  execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=8192', ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(0);
}

const SIZES = (process.argv[2] ?? process.env.BENCH_SIZES ?? '1000000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const ROUNDS = Number(process.env.BENCH_GC_ROUNDS || 7);

/** Full collections, forced one after another: their median in ms. */
function fullCollectionMs() {
  for (let i = 0; i < 2; i++) globalThis.gc();
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = process.hrtime.bigint();
    globalThis.gc();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { medianMs: round(percentile(times, 50)), minMs: round(Math.min(...times)), maxMs: round(Math.max(...times)) };
}

const heapUsed = () => {
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};

async function main() {
  const build = privateBuild('index-heap-build', ['contracts', 'platform', 'services/geo-search'], { log: say });
  require(build.hook); // the workspaces' names resolve to this build
  const { toKitEntry } = require(build.built('services/geo-search', 'projection/kit-entry.js'));
  const { PublicKitIndex } = require(build.built('services/geo-search', 'spatial/public-kit-index.js'));
  loadPopulation();
  const results = [];
  for (const count of SIZES) {
    const empty = { heapBytes: heapUsed(), gc: fullCollectionMs() };
    const rng = createRng(deriveSeed(20261121, `index-heap:${count}`));
    const verification = { now: new Date('2026-12-01T12:00:00Z'), graceDays: 30 };
    let index = PublicKitIndex.build(
      (function* entries() {
        for (let i = 0; i < count; i++) yield toKitEntry(publicKit(rng, i), '2027-03-01', verification);
      })(),
    );
    // As a replica holds it once ready: with every leaf's positions for nearby queries.
    index.prepareForQueries();
    const held = { heapBytes: heapUsed(), gc: fullCollectionMs() };
    const r = {
      kits: index.size,
      heapBytesPerKit: Math.round((held.heapBytes - empty.heapBytes) / count),
      heapMegabytes: round(held.heapBytes / 1e6),
      fullCollection: held.gc,
      emptyFullCollection: empty.gc,
    };
    index = null;
    results.push(r);
    say(
      `${count.toLocaleString('en-GB')} kits: heap ${r.heapMegabytes} MB (${r.heapBytesPerKit} B a kit); a full collection ${r.fullCollection.medianMs} ms (median of ${ROUNDS}, ${r.fullCollection.minMs}–${r.fullCollection.maxMs}; ${r.emptyFullCollection.medianMs} ms without the index)`,
    );
  }
  const stamp = new Date()
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  const file = path.join(ROOT, 'bench', 'results', `index-heap-${stamp}.json`);
  const label = (process.env.BENCH_LABEL || '').replace(/[^a-z0-9-]/gi, '');
  const named = label ? file.replace('index-heap-', `index-heap-${label}-`) : file;
  writeFileSync(
    named,
    `${JSON.stringify({ measured: stamp, node: process.version, rounds: ROUNDS, label: label || undefined, results }, null, 2)}\n`,
  );
  say(`written ${path.relative(ROOT, named)}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
