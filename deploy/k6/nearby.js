// Nearby: kits within 25 km of points drawn like the UK population, 100 at most.
//   k6 run -e BASE_URL=https://finder.example.org -e REGISTER_SIZE=30000 deploy/k6/nearby.js
import http from 'k6/http';
import exec from 'k6/execution';
import { check } from 'k6';
import { SharedArray } from 'k6/data';
import { requestPath } from './lib/mixes.js';
import { BASE_URL, MIX_DIR, REQUEST_PARAMS_HEADERS, optionsFor } from './lib/k6-common.js';

const FILE = `${MIX_DIR}/nearby.json`;
const requests = new SharedArray('nearby points', () => JSON.parse(open(FILE)).requests);
const meta = JSON.parse(open(FILE), (k, v) => (k === 'requests' ? undefined : v));
const mix = { mix: meta.mix, path: meta.path, radius: meta.radius, limit: meta.limit, requests };

export const options = optionsFor('nearby', 'nearby');

export default function () {
  const res = http.get(`${BASE_URL}${requestPath(mix, exec.scenario.iterationInTest)}`, {
    headers: REQUEST_PARAMS_HEADERS,
    tags: { name: 'nearby' },
  });
  check(res, { 'status is 200': (r) => r.status === 200 });
}
