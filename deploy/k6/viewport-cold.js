// Cold map viewports: every box unique (zooms 6 / 10 / 14 over the UK), so no cache can help.
//   k6 run -e BASE_URL=https://finder.example.org -e REGISTER_SIZE=30000 deploy/k6/viewport-cold.js
// SQL_BASELINE=1 sends the same boxes to /api/bench/public-sql (only where the gateway runs with
// BENCH_SQL_BASELINE=true; it has no thresholds then), asking for SQL_LIMIT kits (default 500, as the benchmark).
import http from 'k6/http';
import exec from 'k6/execution';
import { check } from 'k6';
import { SharedArray } from 'k6/data';
import { requestPath } from './lib/mixes.js';
import { BASE_URL, MIX_DIR, REQUEST_PARAMS_HEADERS, optionsFor } from './lib/k6-common.js';

const FILE = `${MIX_DIR}/cold.json`;
const SQL = __ENV.SQL_BASELINE === '1';
const requests = new SharedArray('cold viewports', () => JSON.parse(open(FILE)).requests);
const meta = JSON.parse(open(FILE), (k, v) => (k === 'requests' ? undefined : v));
const mix = { mix: meta.mix, path: meta.path, limit: SQL ? Number(__ENV.SQL_LIMIT || 500) : meta.limit, requests };
const opts = SQL ? { path: '/api/bench/public-sql' } : {};

export const options = SQL ? { ...optionsFor('sql_cold', 'none'), thresholds: {} } : optionsFor('viewport_cold', 'cold');

export default function () {
  const res = http.get(`${BASE_URL}${requestPath(mix, exec.scenario.iterationInTest, opts)}`, {
    headers: REQUEST_PARAMS_HEADERS,
    tags: { name: SQL ? 'sql-cold' : 'viewport-cold' },
  });
  check(res, { 'status is 200': (r) => r.status === 200 });
}
