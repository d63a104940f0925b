// How a recorded mix (bench/mixes/*.json) turns into request paths. Shared by the k6 scripts in deploy/k6/
// and by `npm run bench:geo` (bench/lib/mixes.mjs loads this very file), so both drive the same
// requests. Plain ECMAScript: no k6 or Node modules here.
//
// `i` is a global request counter (k6: exec.scenario.iterationInTest; autocannon: one counter shared by all
// connections), so concurrent clients walk the list together instead of each replaying it from the start.

const fmt = (x) => Number(x).toFixed(5);

function viewportQuery(box, limit) {
  const [north, south, east, west, zoom] = box;
  return `north=${fmt(north)}&south=${fmt(south)}&east=${fmt(east)}&west=${fmt(west)}&zoom=${zoom}&limit=${limit}`;
}

/**
 * Box i of the cold mix. Past the end of the recorded list (cycle >= 1) every box is panned by
 * cycle x 1.3 % of its own size, so a request never repeats one sent before (no cache can help).
 * cycle < 0 is for warm-ups: panned by half a box, so the measured boxes stay unseen.
 */
export function coldBox(mix, i, cycleOffset = 0) {
  const n = mix.requests.length;
  const cycle = Math.floor(i / n) + cycleOffset;
  const [north, south, east, west, zoom] = mix.requests[((i % n) + n) % n];
  if (cycle === 0) return [north, south, east, west, zoom];
  const k = cycle < 0 ? 0.5 : cycle * 0.013;
  const dLat = (north - south) * k;
  const dLng = (east - west) * k;
  return [north + dLat, south + dLat, east + dLng, west + dLng, zoom];
}

/** Half the side, in degrees, of the square a nearby point moves within on each pass after the first (about 1 km). */
const NEARBY_JITTER = 0.01;

/** Two numbers in [-0.5, 0.5) from (i, cycle): the same on every machine and in k6 (32-bit integer mixing only). */
function jitter(i, cycle) {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(cycle ^ 0xc2b2ae35, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  const a = h >>> 0;
  const b = Math.imul(a ^ (a >>> 15), 0x85ebca6b) >>> 0;
  return [a / 2 ** 32 - 0.5, b / 2 ** 32 - 0.5];
}

/**
 * Point i of the nearby mix. Past the end of the recorded list (cycle >= 1) every point moves to a place of its own
 * within about a kilometre (people in the same towns, never at a point asked before), so no answer cache can help,
 * as with a surge of people in different places. cycle < 0 is for warm-ups, on points the measured runs never ask.
 */
export function nearbyPoint(mix, i, cycleOffset = 0) {
  const n = mix.requests.length;
  const cycle = Math.floor(i / n) + cycleOffset;
  const [lat, lng] = mix.requests[((i % n) + n) % n];
  if (cycle === 0) return [lat, lng];
  const [a, b] = jitter(((i % n) + n) % n, cycle);
  return [lat + 2 * NEARBY_JITTER * a, lng + 2 * NEARBY_JITTER * b];
}

/** Path of request i of a mix. opts.path overrides the route (the SQL baseline reuses the cold mix). */
export function requestPath(mix, i, opts = {}) {
  switch (mix.mix) {
    case 'cold':
      return `${opts.path || mix.path}?${viewportQuery(coldBox(mix, i, opts.cycleOffset || 0), mix.limit)}`;
    case 'hot': {
      const seq = mix.sequence;
      const box = mix.viewports[seq[i % seq.length]];
      return `${opts.path || mix.path}?${viewportQuery(box, mix.limit)}`;
    }
    case 'nearby': {
      const [lat, lng] = nearbyPoint(mix, i, opts.cycleOffset || 0);
      return `${opts.path || mix.path}?lat=${fmt(lat)}&lng=${fmt(lng)}&radius=${mix.radius}&limit=${mix.limit}`;
    }
    default:
      throw new Error(`unknown mix ${mix.mix}`);
  }
}

/** The figures each mix is held to (also k6 thresholds); keyed by mix then by register size. */
export const TARGETS = {
  30000: {
    cold: { minRps: 1000, maxP99Ms: 100, maxErrors: 0 },
    hot: { minRps: 3000, maxP99Ms: 50, maxErrors: 0 },
    nearby: { minRps: 2000, maxErrors: 0 },
  },
  1000000: {
    cold: { minRps: 400, maxP99Ms: 250 },
    hot: { minRps: 2000 },
  },
};
