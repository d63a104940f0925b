// Loads the recorded mixes and the request-path builder the k6 scripts use (deploy/k6/lib/mixes.js), so
// autocannon and k6 send exactly the same requests. That file is plain ECMAScript in a folder without
// "type": "module", so it is imported here through a data: URL (Node treats text/javascript data as a module).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/infra.mjs';

export const MIX_DIR = path.join(ROOT, 'bench', 'mixes');
export const K6_LIB = path.join(ROOT, 'deploy', 'k6', 'lib', 'mixes.js');

const shared = await import(`data:text/javascript;base64,${Buffer.from(readFileSync(K6_LIB, 'utf8')).toString('base64')}`);
export const { requestPath, coldBox, TARGETS } = shared;

export function loadMix(name) {
  return JSON.parse(readFileSync(path.join(MIX_DIR, `${name}.json`), 'utf8'));
}
