// Small deterministic random helpers for the benchmark fixtures: the same seed gives the same kits and the
// same recorded mixes on every machine (no Math.random anywhere in bench).

/** mulberry32: a 32-bit seeded generator; returns a function giving floats in [0, 1). */
export function createRng(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed derived from a base seed and a label, so independent streams do not overlap. */
export function deriveSeed(seed, label) {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const ch of String(label)) {
    h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  }
  return h;
}

/** Standard normal draw (Box-Muller). */
export function normal(rng) {
  let u = 0;
  while (u === 0) u = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

export function intBetween(rng, lo, hi) {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

export function pick(rng, list) {
  return list[Math.floor(rng() * list.length)];
}

/** Index drawn from cumulative weights (ascending, last = total) by binary search. */
export function drawCumulative(rng, cumulative) {
  const x = rng() * cumulative[cumulative.length - 1];
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function cumulativeOf(weights) {
  const out = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += weights[i];
    out[i] = sum;
  }
  return out;
}

/** Zipf weights 1/k^s for ranks 1..n. */
export function zipfWeights(n, s = 1) {
  return Array.from({ length: n }, (_, i) => 1 / Math.pow(i + 1, s));
}
