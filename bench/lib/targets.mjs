// The targets of `npm run bench:geo` (issue 17). Absolute figures move by 2x between machines, so the targets are
// ratios measured in the same run on the same machine, plus the freshness, readiness, fault and memory bounds.
const GB = 1024 ** 3;

export const RATIO_TARGETS = {
  coldVsPostgis: 10,
  nearbyVsPostgis: 5,
  hotVsCeiling: 0.6,
  p99OverP50: 10,
  freshnessP99Ms: 1000,
  readinessSnapshotVsFeed: 0.3,
  killErrorShare: 0.01,
  memoryBytes: 1.5 * GB,
  /** Open loop at 1,000,000 kits: p99 at half, and at four fifths, of the closed-loop maximum. */
  openLoopP99Ms: { 0.5: 50, 0.8: 200 },
};

const round = (x, d = 2) => (x == null || !Number.isFinite(x) ? x : Math.round(x * 10 ** d) / 10 ** d);

/**
 * Every target the run can judge, PASS or FAIL, with the figure it was judged on. `national` marks the sizes of the
 * 1M targets (freshness, readiness, memory); the throughput, latency and fault targets hold at every size.
 */
export function checkTargets(r) {
  const m = r.mixes ?? {};
  const checks = [];
  const add = (what, target, actual, pass) => checks.push({ what, target, actual, pass });
  const rps = (name) => m[name]?.reqPerSec;
  // A ratio built on a mix that measured its generator is reported, never as PASS.
  const bound = (...names) => names.filter((n) => m[n]?.generatorBound);
  const judged = (what, target, actual, pass, ...names) =>
    bound(...names).length ? add(what, target, `${actual} (GENERATOR-BOUND: ${bound(...names).join(', ')})`, null) : add(what, target, actual, pass);
  for (const [name, mix] of Object.entries(m)) {
    if (!mix.generator) continue;
    add(
      `${name}: the generator is not the bottleneck (${mix.generator.name})`,
      '<= 70 % of a core and <= the server',
      `${mix.generator.cpuPercent} % vs server ${mix.serverCpuPercent} %`,
      !mix.generatorBound,
    );
  }
  if (rps('cold') != null && rps('postgis-cold') != null) {
    const ratio = rps('cold') / rps('postgis-cold');
    judged(
      'cold viewports vs PostGIS (ST_SnapToGrid)',
      `>= ${RATIO_TARGETS.coldVsPostgis}x`,
      `${round(ratio, 1)}x`,
      ratio >= RATIO_TARGETS.coldVsPostgis,
      'cold',
      'postgis-cold',
    );
  }
  if (rps('nearby') != null && rps('postgis-nearby') != null) {
    const ratio = rps('nearby') / rps('postgis-nearby');
    judged(
      'nearby vs PostGIS KNN',
      `>= ${RATIO_TARGETS.nearbyVsPostgis}x`,
      `${round(ratio, 1)}x`,
      ratio >= RATIO_TARGETS.nearbyVsPostgis,
      'nearby',
      'postgis-nearby',
    );
  }
  const pairs = r.hotVsCeilingPairs ?? [];
  if (pairs.length > 0) {
    const shares = pairs.map((p) => p.share).sort((a, b) => a - b);
    const median = shares[Math.floor((shares.length - 1) / 2)];
    const boundPairs = pairs.filter((p) => p.generatorBound).length;
    const listed = pairs.map((p) => `${Math.round(p.share * 100)} %`).join(', ');
    const what = `hot vs ceiling (bare Node server, same bytes, same generator, ${pairs[0].pipeline} requests at once), ${pairs.length > 1 ? `the median of ${pairs.length} pairs run one after the other (${listed})` : 'one pair'}`;
    const actual = `${Math.round(median * 100)} %`;
    if (boundPairs) add(what, `>= ${RATIO_TARGETS.hotVsCeiling * 100} %`, `${actual} (GENERATOR-BOUND in ${boundPairs} of the pairs)`, null);
    else add(what, `>= ${RATIO_TARGETS.hotVsCeiling * 100} %`, actual, median >= RATIO_TARGETS.hotVsCeiling);
  } else if (rps('hot') != null && rps('ceiling') != null) {
    const share = rps('hot') / rps('ceiling');
    judged(
      'hot vs ceiling (bare Node server, same bytes, same generator)',
      `>= ${RATIO_TARGETS.hotVsCeiling * 100} %`,
      `${Math.round(share * 100)} %`,
      share >= RATIO_TARGETS.hotVsCeiling,
      'hot',
      'ceiling',
    );
  }
  for (const name of ['cold', 'hot', 'nearby']) {
    const l = m[name]?.latencyMs;
    if (!l) continue;
    const batch = m[name].generator?.pipeline > 1 ? ` (a batch of ${m[name].generator.pipeline} pipelined requests)` : '';
    if (l.p99 == null) {
      add(`${name}: p99 / p50${batch}`, `<= ${RATIO_TARGETS.p99OverP50}`, 'no p99 (wrk could not rank it)', null);
      continue;
    }
    const ratio = l.p99 / Math.max(1, l.p50);
    add(
      `${name}: p99 / p50${batch}`,
      `<= ${RATIO_TARGETS.p99OverP50}`,
      `${round(ratio, 1)} (${l.p99} / ${l.p50} ms)`,
      ratio <= RATIO_TARGETS.p99OverP50,
    );
  }
  const national = r.size >= 1_000_000;
  if (r.freshness?.samples) {
    const f = r.freshness;
    const what = `freshness under the cold mix, p99 (p50 ${f.p50Ms} ms, ${f.samples} changes)`;
    if (national) add(what, `<= ${RATIO_TARGETS.freshnessP99Ms} ms`, `${f.p99Ms} ms`, f.p99Ms <= RATIO_TARGETS.freshnessP99Ms && f.timeouts === 0);
    else checks.push({ what, target: '(1M only)', actual: `${f.p99Ms} ms`, pass: null });
  }
  if (r.readiness?.fromSnapshotSeconds != null && r.readiness?.fromFeedSeconds != null) {
    const share = r.readiness.fromSnapshotSeconds / r.readiness.fromFeedSeconds;
    const what = `new replica ready: snapshot ${r.readiness.fromSnapshotSeconds} s vs feed ${r.readiness.fromFeedSeconds} s`;
    const actual = `${Math.round(share * 100)} %`;
    if (national)
      add(
        what,
        `<= ${RATIO_TARGETS.readinessSnapshotVsFeed * 100} %`,
        actual,
        share <= RATIO_TARGETS.readinessSnapshotVsFeed && r.readiness.restoredFromSnapshot === true,
      );
    else checks.push({ what, target: '(1M only)', actual, pass: null });
  }
  if (r.faults?.kill) {
    const k = r.faults.kill;
    const share = k.burst.requests ? k.burst.errors / k.burst.requests : 1;
    add(
      `kill -9 of a replica: errors in the 10 s after (${k.burst.errors} of ${k.burst.requests})`,
      `<= ${RATIO_TARGETS.killErrorShare * 100} %`,
      `${round(share * 100, 2)} %`,
      share <= RATIO_TARGETS.killErrorShare,
    );
    add(`kill -9: errors after those 10 s (of ${k.after.requests})`, '= 0', String(k.after.errors), k.after.errors === 0 && k.after.requests > 0);
  }
  if (r.faults?.rolling) {
    const rr = r.faults.rolling;
    add(`rolling restart of both replicas: errors (of ${rr.requests})`, '= 0', String(rr.errors), rr.errors === 0 && rr.requests > 0);
  }
  for (const [name, o] of Object.entries(r.openLoop ?? {})) {
    const bound = RATIO_TARGETS.openLoopP99Ms[o.share];
    const what = `open loop ${name} (${o.rateAsked} req/s asked, ${o.errors} errors, ${o.waitedForConnection} waited for a connection): p99`;
    const actual = `${o.latencyMs.p99} ms${o.generatorBound ? ' (GENERATOR-BOUND)' : ''}`;
    if (!national || bound == null) checks.push({ what, target: '(1M only)', actual, pass: null });
    else add(what, `<= ${bound} ms`, actual, o.generatorBound ? null : o.latencyMs.p99 <= bound && o.errors === 0);
  }
  if (r.peakMemoryBytes) {
    const what = 'geo-search memory, peak';
    const actual = `${round(r.peakMemoryBytes / GB, 2)} GB`;
    if (national) add(what, '<= 1.5 GB', actual, r.peakMemoryBytes <= RATIO_TARGETS.memoryBytes);
    else checks.push({ what, target: '(1M only)', actual, pass: null });
  }
  return checks;
}
