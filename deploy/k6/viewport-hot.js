// Hot map viewports: a Zipf draw over 200 popular places x zooms, as real traffic looks (caches help).
//   k6 run -e BASE_URL=https://finder.example.org -e REGISTER_SIZE=30000 deploy/k6/viewport-hot.js
import http from 'k6/http';
import exec from 'k6/execution';
import { check } from 'k6';
import { SharedArray } from 'k6/data';
import { requestPath } from './lib/mixes.js';
import { BASE_URL, MIX_DIR, REQUEST_PARAMS_HEADERS, optionsFor } from './lib/k6-common.js';

const FILE = `${MIX_DIR}/hot.json`;
const viewports = new SharedArray('hot viewports', () => JSON.parse(open(FILE)).viewports);
const sequence = new SharedArray('hot sequence', () => JSON.parse(open(FILE)).sequence);
const meta = JSON.parse(open(FILE), (k, v) => (k === 'viewports' || k === 'sequence' || k === 'places' ? undefined : v));
const mix = { mix: meta.mix, path: meta.path, limit: meta.limit, viewports, sequence };

export const options = optionsFor('viewport_hot', 'hot');

export default function () {
  const res = http.get(`${BASE_URL}${requestPath(mix, exec.scenario.iterationInTest)}`, {
    headers: REQUEST_PARAMS_HEADERS,
    tags: { name: 'viewport-hot' },
  });
  check(res, { 'status is 200': (r) => r.status === 200 });
}
