#!/usr/bin/env node
// The npm registry this project installs from carries only the Linux builds of some native packages
// (@swc/core-*, @unrs/resolver-binding-*), so npm cannot record the other platforms' optional entries and
// `npm ci` then rejects its own lock (npm/cli#4828). This drops optional edges that have no lock entry.
// Run after changing dependencies: `npm install && npm run lock:prune`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
let pruned = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const dep of Object.keys(entry.optionalDependencies)) {
    const nested = location ? `${location}/node_modules/${dep}` : `node_modules/${dep}`;
    if (!lock.packages[nested] && !lock.packages[`node_modules/${dep}`]) {
      delete entry.optionalDependencies[dep];
      pruned++;
    }
  }
}
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`prune-lockfile: removed ${pruned} unreachable optional dependency edge(s)`);
