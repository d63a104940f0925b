// Shared by the k6 scripts: settings from the environment and thresholds derived from the targets.
import { TARGETS } from './mixes.js';

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
/** Folder of the recorded mixes, relative to the script (k6 resolves open() paths against the script). */
export const MIX_DIR = __ENV.MIX_DIR || '../../bench/mixes';
/** Which register size's targets the thresholds hold the run to: 30000 or 1000000. */
export const REGISTER_SIZE = __ENV.REGISTER_SIZE || '30000';
export const VUS = Number(__ENV.VUS || 32);
export const DURATION = __ENV.DURATION || '15s';
/** Request headers of every mix: a browser's Accept-Encoding, as `npm run bench:geo` sends (IDENTITY=1: none). */
export const REQUEST_PARAMS_HEADERS = __ENV.IDENTITY === '1' ? {} : { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

/** k6 thresholds equal to the benchmark's targets for one mix (none when that size has no target for it). */
export function thresholdsFor(mixName) {
  const t = (TARGETS[REGISTER_SIZE] || {})[mixName];
  if (!t) return {};
  const out = {};
  if (t.minRps != null) out.http_reqs = [`rate>=${t.minRps}`];
  if (t.maxP99Ms != null) out.http_req_duration = [`p(99)<=${t.maxP99Ms}`];
  if (t.maxErrors != null) out.http_req_failed = [`rate<=${t.maxErrors}`];
  return out;
}

export function optionsFor(scenario, mixName) {
  return {
    discardResponseBodies: true,
    scenarios: { [scenario]: { executor: 'constant-vus', vus: VUS, duration: DURATION } },
    thresholds: thresholdsFor(mixName),
  };
}
