// bench:geo's judgement against the Node peer (issue 26: bench/lib/peer-responder.mjs), beside targets.mjs: the
// finder's cold viewports and nearby against supercluster and kdbush/geokdbush through the same gateway, the finder's
// freshness while the peer rebuilds in full, and the PostGIS baseline's own errors written beside its ratios (a ratio
// against a baseline that fails says little without them).

export const PEER_TARGETS = {
  coldVsPeer: 1.5,
  nearbyVsPeer: 1.5,
  freshnessP99Ms: 1000,
};

export const PEER_MIXES = ['peer-cold', 'peer-hot', 'peer-nearby'];

const round = (x, d = 2) => (x == null || !Number.isFinite(x) ? x : Math.round(x * 10 ** d) / 10 ** d);

/** A mix's failed requests, with the time-outs among them (wrk's or autocannon's breakdown). */
export function errorsOf(mix) {
  if (!mix) return null;
  const b = mix.errorBreakdown ?? {};
  const timeouts = b.timeouts ?? 0;
  const non2xx = b.non2xx3xx ?? b.non2xx ?? 0;
  // wrk counts an answered error (a 504 after the gateway gave up) as a request: what succeeded, per second.
  const okPerSec = mix.durationSeconds ? Math.round(((mix.requests - non2xx) / mix.durationSeconds) * 10) / 10 : null;
  return { errors: mix.errors, timeouts, non2xx, requests: mix.requests, okPerSec };
}

// A responder that does not answer in time shows as a 504 from the gateway (after its second ask), so wrk counts it
// among the non-2xx answers, not among its own time-outs (no answer within 10 s).
const errorText = (e) =>
  `${e.errors} errors of ${e.requests} requests (${e.non2xx} non-2xx answers, such as the gateway's 504 on a responder's time-out; ${e.timeouts} client time-outs${e.okPerSec != null && e.errors ? `; ${e.okPerSec} successful req/s` : ''})`;

/** The PostGIS ratio checks of targets.mjs, each with the baseline's own errors written beside its figure. */
export function withBaselineErrors(checks, r) {
  const baselineOf = [
    [/^cold viewports vs PostGIS/, 'postgis-cold'],
    [/^nearby vs PostGIS/, 'postgis-nearby'],
  ];
  return checks.map((c) => {
    const found = baselineOf.find(([re]) => re.test(c.what));
    const e = found && errorsOf(r.mixes?.[found[1]]);
    return e ? { ...c, what: `${c.what}; PostGIS: ${errorText(e)}`, baselineErrors: e } : c;
  });
}

/** p50, max and count of the peer's full rebuilds after its first load. */
export function rebuildSummary(rebuilds) {
  const ms = rebuilds.map((b) => b.ms).sort((a, b) => a - b);
  if (!ms.length) return { count: 0 };
  return {
    count: ms.length,
    p50Ms: ms[Math.ceil(ms.length / 2) - 1],
    maxMs: ms[ms.length - 1],
    totalMs: ms.reduce((a, b) => a + b, 0),
    kits: rebuilds[rebuilds.length - 1].kits,
    superclusterP50Ms: rebuilds.map((b) => b.superclusterMs).sort((a, b) => a - b)[Math.ceil(ms.length / 2) - 1],
  };
}

export function checkPeerTargets(r) {
  const m = r.mixes ?? {};
  const checks = [];
  const add = (what, target, actual, pass) => checks.push({ what, target, actual, pass });
  const bound = (...names) => names.filter((n) => m[n]?.generatorBound);
  const ratioCheck = (ours, peer, what, target) => {
    if (m[ours]?.reqPerSec == null || m[peer]?.reqPerSec == null) return;
    const ratio = m[ours].reqPerSec / Math.max(0.1, m[peer].reqPerSec);
    const e = errorsOf(m[peer]);
    // Server CPU per request as well: on a shared machine the two mixes may not get the same share of the cores.
    const cpuMs = (mix) => (mix.serverCpuPercent && mix.reqPerSec ? round((mix.serverCpuPercent * 10) / mix.reqPerSec, 2) : null);
    const full = `${what} (${m[ours].reqPerSec} vs ${m[peer].reqPerSec} req/s; server CPU ${cpuMs(m[ours])} vs ${cpuMs(m[peer])} ms per request; peer: ${errorText(e)})`;
    const actual = `${round(ratio, 1)}x`;
    if (target == null) return add(full, '(reported)', actual, null);
    const b = bound(ours, peer);
    if (b.length) return add(full, `>= ${target}x`, `${actual} (GENERATOR-BOUND: ${b.join(', ')})`, null);
    add(full, `>= ${target}x`, actual, ratio >= target);
  };
  ratioCheck('cold', 'peer-cold', 'cold viewports vs the Node peer (supercluster, rebuilt in full)', PEER_TARGETS.coldVsPeer);
  ratioCheck('nearby', 'peer-nearby', 'nearby vs the Node peer (kdbush + geokdbush)', PEER_TARGETS.nearbyVsPeer);
  ratioCheck('hot', 'peer-hot', 'hot viewports vs the Node peer (supercluster, its LRU of answers)', null);
  const rebuild = r.peer?.rebuild;
  const rebuildText = rebuild?.count
    ? `rebuild in full p50 ${rebuild.p50Ms} ms, max ${rebuild.maxMs} ms over ${rebuild.count} rebuilds of ${rebuild.kits} kits`
    : 'no rebuild measured';
  if (r.freshness?.samples && r.peer) {
    const f = r.freshness;
    add(
      `freshness under the cold mix, p99, where the peer needs a full rebuild (peer: ${rebuildText})`,
      `<= ${PEER_TARGETS.freshnessP99Ms} ms`,
      `${f.p99Ms} ms`,
      f.p99Ms <= PEER_TARGETS.freshnessP99Ms && f.timeouts === 0,
    );
  }
  if (r.peerFreshness?.samples) {
    const f = r.peerFreshness;
    add(
      `the peer's freshness under its cold mix, p99 (p50 ${f.p50Ms} ms, ${f.samples} changes, ${f.timeouts} not seen in 30 s; ${rebuildText})`,
      '(reported)',
      `${f.p99Ms} ms`,
      null,
    );
  }
  return checks;
}

/** The peer's mixes and figures as printed lines (report.mjs's table lists the finder's and PostGIS's mixes). */
export function formatPeer(r) {
  const lines = [];
  for (const name of PEER_MIXES) {
    const s = r.mixes?.[name];
    if (!s) continue;
    lines.push(
      `${name.padEnd(12)} ${String(s.reqPerSec).padStart(8)} req/s  p50 ${s.latencyMs.p50} ms  p99 ${s.latencyMs.p99} ms  ${errorText(errorsOf(s))}  generator ${s.generator?.cpuPercent} % vs server ${s.serverCpuPercent} %${s.generatorBound ? '  GENERATOR-BOUND' : ''}  load ${s.loadAverage}${s.peerCache ? `  peer LRU hits ${s.peerCache.hits} of ${s.peerCache.hits + s.peerCache.misses}` : ''}${s.peerRebuilds?.count ? `  ${s.peerRebuilds.count} full rebuilds (p50 ${s.peerRebuilds.p50Ms} ms, ${s.peerRebuilds.totalMs} ms in all)` : ''}`,
    );
  }
  const p = r.peer;
  if (p) {
    lines.push(
      `peer: ${p.kits} kits, ready ${p.readySeconds} s after spawn (feed read and first build ${round(p.loadedMs / 1000, 1)} s, first build ${p.firstBuildMs} ms), peak RSS ${p.peakRssMB} MB`,
    );
    if (p.rebuild?.count)
      lines.push(
        `peer rebuilds in full: ${p.rebuild.count}, p50 ${p.rebuild.p50Ms} ms (supercluster ${p.rebuild.superclusterP50Ms} ms), max ${p.rebuild.maxMs} ms`,
      );
  }
  if (r.peerFreshness?.samples)
    lines.push(
      `peer freshness: ${r.peerFreshness.samples} moves, p50 ${r.peerFreshness.p50Ms} ms, p99 ${r.peerFreshness.p99Ms} ms, max ${r.peerFreshness.maxMs} ms, ${r.peerFreshness.timeouts} not seen in 30 s`,
    );
  return lines.length ? ['', `Node peer (supercluster, kdbush + geokdbush), ${r.size.toLocaleString('en-GB')} kits:`, ...lines, ''].join('\n') : '';
}
