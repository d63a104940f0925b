#!/usr/bin/env node
// Checks the k6 scripts in deploy/k6/ without k6 (it is not installed here): each script is loaded as a module
// with the k6 modules stubbed, its init code runs against the real mix files, and its default function is
// called a few hundred times; the URLs it asks for must equal what `npm run bench:geo` sends for the same
// request numbers, and its thresholds must equal the targets.
//
// Usage: node bench/check-k6.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../scripts/lib/infra.mjs';
import { TARGETS, loadMix, requestPath } from './lib/mixes.mjs';

const K6_DIR = path.join(ROOT, 'deploy', 'k6');
const dataUrl = (src) => `data:text/javascript;base64,${Buffer.from(src).toString('base64')}`;

/** Source of a k6 module with its local imports inlined as data: URLs and k6's own modules stubbed. */
function rewrite(file, nonce) {
  // The nonce makes every load evaluate fresh module instances (data: URLs are cached by content).
  let src = `${readFileSync(file, 'utf8')}\n// ${nonce}\n`;
  src = src.replace(
    /^import\s+(.+?)\s+from\s+'(\.\/[^']+|\.\.\/[^']+)';$/gm,
    (_, what, rel) => `import ${what} from '${dataUrl(rewrite(path.resolve(path.dirname(file), rel), nonce))}';`,
  );
  src = src.replace(/^import\s+http\s+from\s+'k6\/http';$/m, 'const http = globalThis.__k6.http;');
  src = src.replace(/^import\s+exec\s+from\s+'k6\/execution';$/m, 'const exec = globalThis.__k6.exec;');
  src = src.replace(/^import\s+\{\s*check\s*\}\s+from\s+'k6';$/m, 'const { check } = globalThis.__k6;');
  src = src.replace(/^import\s+\{\s*SharedArray\s*\}\s+from\s+'k6\/data';$/m, 'const { SharedArray } = globalThis.__k6;');
  if (/^import .* from 'k6/m.test(src)) throw new Error(`${path.relative(ROOT, file)}: a k6 import this check does not stub`);
  return src;
}

async function load(script, env) {
  const file = path.join(K6_DIR, script);
  const calls = [];
  let iteration = 0;
  globalThis.__ENV = env;
  globalThis.open = (p) => readFileSync(path.resolve(K6_DIR, p), 'utf8');
  globalThis.__k6 = {
    http: { get: (url) => (calls.push(url), { status: 200 }) },
    exec: {
      scenario: {
        get iterationInTest() {
          return iteration;
        },
      },
    },
    check: () => true,
    SharedArray: class {
      constructor(_name, fn) {
        return Object.freeze(fn());
      }
    },
  };
  const mod = await import(dataUrl(rewrite(file, `${script} ${JSON.stringify(env)}`)));
  return {
    options: mod.options,
    run(n) {
      for (iteration = 0; iteration < n; iteration++) mod.default();
      return calls;
    },
  };
}

const CASES = [
  { script: 'viewport-cold.js', mix: 'cold', env: {}, n: 9100 },
  { script: 'viewport-cold.js', mix: 'cold', env: { SQL_BASELINE: '1' }, n: 50, opts: { path: '/api/bench/public-sql' }, limit: 500 },
  { script: 'viewport-hot.js', mix: 'hot', env: {}, n: 500 },
  { script: 'nearby.js', mix: 'nearby', env: {}, n: 500 },
];

let failed = 0;
for (const c of CASES) {
  for (const size of ['30000', '1000000']) {
    const base = 'http://bench.invalid:8080';
    const { options, run } = await load(c.script, { BASE_URL: base, REGISTER_SIZE: size, ...c.env });
    const urls = run(c.n);
    const mix = c.limit ? { ...loadMix(c.mix), limit: c.limit } : loadMix(c.mix);
    const wrong = urls.findIndex((u, i) => u !== `${base}${requestPath(mix, i, c.opts)}`);
    const t = c.env.SQL_BASELINE ? undefined : TARGETS[size][c.mix];
    const expected = {};
    if (t?.minRps != null) expected.http_reqs = [`rate>=${t.minRps}`];
    if (t?.maxP99Ms != null) expected.http_req_duration = [`p(99)<=${t.maxP99Ms}`];
    if (t?.maxErrors != null) expected.http_req_failed = [`rate<=${t.maxErrors}`];
    const thresholdsOk = JSON.stringify(options.thresholds) === JSON.stringify(expected);
    const ok = urls.length === c.n && wrong === -1 && thresholdsOk && new Set(urls).size === (c.mix === 'cold' ? c.n : new Set(urls).size);
    if (!ok) failed++;
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} ${c.script}${c.env.SQL_BASELINE ? ' (SQL_BASELINE=1)' : ''} REGISTER_SIZE=${size}: ${urls.length} requests${wrong >= 0 ? `, request ${wrong} differs: ${urls[wrong]}` : ', same URLs as bench:geo'}; thresholds ${JSON.stringify(options.thresholds)}${thresholdsOk ? '' : ` (expected ${JSON.stringify(expected)})`}`,
    );
  }
}
process.exit(failed ? 1 : 0);
