/**
 * The benchmark's Node peer (bench/lib/peer-responder.mjs: supercluster for viewports, kdbush with geokdbush for
 * nearby), relayed like the PostGIS baseline and only with BENCH_SQL_BASELINE. Bench-only, so kept beside the bench
 * routes rather than in the contracts' wire; a file without imports, so bench:geo reads the same names from its build.
 */
export const BenchPeerSubjects = {
  viewport: 'bench.qry.peer-viewport.v1',
  nearby: 'bench.qry.peer-nearby.v1',
  /** Asked by bench:geo itself, never relayed: the peer's kits, load time and full rebuilds. */
  stats: 'bench.qry.peer-stats.v1',
} as const;
