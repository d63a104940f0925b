import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

type Check = { what: string; target: string; actual: string; pass: boolean | null };

/** bench/lib/targets.mjs's checkTargets on a result, in a Node process of its own (the bench is plain ESM). */
function checksOf(result: unknown): Check[] {
  const run = `
import { checkTargets } from ${JSON.stringify(path.join(root, 'bench/lib/targets.mjs'))};
console.log(JSON.stringify(checkTargets(${JSON.stringify(result)})));
`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', run], { encoding: 'utf8', timeout: 30_000 })) as Check[];
}

const wrk = (cpuPercent: number, pipeline = 8) => ({ name: 'wrk', threads: 1, connections: 32, pipeline, cpuPercent });
const mix = (reqPerSec: number, generatorCpu: number, serverCpu: number, pipeline = 8) => ({
  reqPerSec,
  generator: wrk(generatorCpu, pipeline),
  serverCpuPercent: serverCpu,
  generatorBound: generatorCpu > 70 || generatorCpu > serverCpu,
  latencyMs: { p50: 4, p99: 12 },
});
const pair = (share: number, generatorBound = false) => ({ hot: share * 40_000, ceiling: 40_000, share, pipeline: 8, generatorBound });
const hotVsCeiling = (checks: Check[]) => checks.find((c) => c.what.startsWith('hot vs ceiling'));

describe('bench:geo targets: hot against the ceiling', () => {
  const mixes = { hot: mix(30_000, 40, 100), ceiling: mix(44_000, 50, 98) };

  it('judges the median of the pairs run one after the other, and names every pair', () => {
    const check = hotVsCeiling(checksOf({ size: 30_000, mixes, hotVsCeilingPairs: [pair(0.73), pair(0.58), pair(0.75)] }));
    expect(check).toMatchObject({ actual: '73 %', pass: true, target: '>= 60 %' });
    expect(check?.what).toBe(
      'hot vs ceiling (bare Node server, same bytes, same generator, 8 requests at once), the median of 3 pairs run one after the other (73 %, 58 %, 75 %)',
    );
  });

  it('fails when the median pair is under 60 %, whatever the best pair', () => {
    expect(hotVsCeiling(checksOf({ size: 30_000, mixes, hotVsCeilingPairs: [pair(0.55), pair(0.58), pair(0.9)] }))).toMatchObject({
      actual: '58 %',
      pass: false,
    });
  });

  it('never passes when a pair measured its generator', () => {
    const check = hotVsCeiling(checksOf({ size: 30_000, mixes, hotVsCeilingPairs: [pair(0.7), pair(0.7, true), pair(0.7)] }));
    expect(check).toMatchObject({ actual: '70 % (GENERATOR-BOUND in 1 of the pairs)', pass: null });
  });

  it('judges a result written before the pairs from its hot and ceiling mixes', () => {
    const check = hotVsCeiling(checksOf({ size: 30_000, mixes }));
    expect(check).toMatchObject({ what: 'hot vs ceiling (bare Node server, same bytes, same generator)', actual: '68 %', pass: true });
  });

  it('says a pipelined mix’s latency is a batch’s, and a one-at-a-time mix’s is not', () => {
    const checks = checksOf({ size: 30_000, mixes: { hot: mix(30_000, 40, 100), cold: mix(1_000, 15, 170, 1) } });
    expect(checks.map((c) => c.what)).toEqual(expect.arrayContaining(['hot: p99 / p50 (a batch of 8 pipelined requests)', 'cold: p99 / p50']));
  });
});
