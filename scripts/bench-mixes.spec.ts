import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

type Paths = { recorded: [number, number][]; runs: Record<string, string[]> };

/**
 * The paths bench:geo and the k6 scripts send for the nearby mix (deploy/k6/lib/mixes.js through bench/lib/mixes.mjs),
 * in a Node process of its own (the bench is plain ESM): a closed-loop run, its warm-up and the two open-loop runs.
 */
function nearbyPaths(counts: Record<string, [number, number]>): Paths {
  const run = `
import { loadMix, requestPath } from ${JSON.stringify(path.join(root, 'bench/lib/mixes.mjs'))};
const mix = loadMix('nearby');
const counts = ${JSON.stringify(counts)};
const runs = Object.fromEntries(Object.entries(counts).map(([name, [cycleOffset, n]]) =>
  [name, Array.from({ length: n }, (_, i) => requestPath(mix, i, { cycleOffset }))]));
console.log(JSON.stringify({ recorded: mix.requests, runs }));
`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', run], { encoding: 'utf8', timeout: 60_000, maxBuffer: 1 << 30 }),
  ) as Paths;
}

const pointOf = (p: string) => {
  const q = new URL(p, 'http://x').searchParams;
  return [Number(q.get('lat')), Number(q.get('lng'))];
};

describe('bench:geo mixes: nearby never repeats a point', () => {
  // A closed-loop run of 60,000 requests (six passes over the recorded points), its warm-up, and the open-loop runs
  // at 50 % and 80 % (bench/geo.mjs: OPEN_LOOP_SHARES).
  const { recorded, runs } = nearbyPaths({ closed: [0, 60_000], warmUp: [-1, 10_000], open50: [1000, 40_000], open80: [2000, 60_000] });

  it('asks the recorded points first, as k6 does, and then only points no run asked before', () => {
    expect(runs.closed.slice(0, recorded.length).map(pointOf)).toEqual(
      recorded.map(([lat, lng]) => [Number(lat.toFixed(5)), Number(lng.toFixed(5))]),
    );
    const all = Object.values(runs).flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('moves each point within about a kilometre of the recorded one (the same towns, not the sea)', () => {
    let furthest = 0;
    for (const list of Object.values(runs))
      list.forEach((p, i) => {
        const [lat, lng] = pointOf(p);
        const [rLat, rLng] = recorded[i % recorded.length];
        furthest = Math.max(furthest, Math.abs(lat - rLat), Math.abs(lng - rLng));
      });
    expect(furthest).toBeGreaterThan(0.005);
    expect(furthest).toBeLessThanOrEqual(0.01 + 1e-5);
  });
});
