#!/usr/bin/env node
// `npm run bench:snapshot [-- 30000,1000000]`: the size of the offline finder's public snapshot
// (GET /api/bleed-kits/public-snapshot) for registers of the given sizes, written by geo-search's own code
// (services/geo-search/dist: placeKeysOf, Gazetteer, buildPublicSnapshot) from synthetic public kits spread like
// the UK population (the same data and mix as npm run bench:geo). Needs the built workspaces (npm run build).
// The target: under 1.5 MB gzipped for today's register (30,000 kits). Results in bench/results/snapshot-*.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../scripts/lib/infra.mjs';
import { loadPopulation } from './lib/population.mjs';
import { createRng, deriveSeed } from './lib/rng.mjs';
import { publicKit } from './lib/seed.mjs';

const require = createRequire(import.meta.url);
const dist = (rel) => require(path.join(ROOT, 'services/geo-search/dist', rel));
const TARGET_BYTES = 1.5 * 1024 * 1024;

async function measure(count) {
  const { placeKeysOf } = dist('projection/place-keys.js');
  const { Gazetteer } = dist('spatial/gazetteer.js');
  const { buildPublicSnapshot } = dist('queries/public-snapshot/public-snapshot.query.js');
  const rng = createRng(deriveSeed(20261121, `snapshot:${count}`));
  // What the projection holds per kit and the snapshot reads: the public JSON, the position, the gazetteer's names.
  const entries = [];
  for (let i = 0; i < count; i++) {
    const kit = publicKit(rng, i);
    entries.push({
      id: kit.id,
      json: JSON.stringify(kit),
      latitude: kit.latitude,
      longitude: kit.longitude,
      place: placeKeysOf(kit.postcode, kit.city),
    });
  }
  const started = performance.now();
  const doc = await buildPublicSnapshot(entries, Gazetteer.build(entries).outwardPlaces(), count, `bench-${count}`);
  return {
    kits: doc.kits,
    gzippedBytes: doc.gzipped.byteLength,
    jsonBytes: doc.identityBytes,
    bytesPerKit: Math.round((doc.gzipped.byteLength / doc.kits) * 10) / 10,
    buildSeconds: Math.round(performance.now() - started) / 1000,
    underTarget: doc.gzipped.byteLength < TARGET_BYTES,
  };
}

const sizes = (process.argv[2] ?? '30000,1000000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
loadPopulation();
const results = [];
for (const count of sizes) {
  const r = await measure(count);
  results.push(r);
  console.log(
    `${count.toLocaleString('en-GB')} kits: ${(r.gzippedBytes / 1024 / 1024).toFixed(2)} MB gzipped (${r.bytesPerKit} B/kit), ${(r.jsonBytes / 1024 / 1024).toFixed(1)} MB JSON, built in ${r.buildSeconds} s${count <= 30_000 ? (r.underTarget ? ' — under the 1.5 MB target' : ' — OVER the 1.5 MB target') : ''}`,
  );
}
const stamp = new Date()
  .toISOString()
  .replace(/[:.]/g, '-')
  .replace(/-\d{3}Z$/, 'Z');
mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
const file = path.join(ROOT, 'bench', 'results', `snapshot-${stamp}.json`);
writeFileSync(file, `${JSON.stringify({ measured: stamp, targetBytes: TARGET_BYTES, gzipLevel: 9, results }, null, 2)}\n`);
console.log(`written ${path.relative(ROOT, file)}`);
