// The benchmark's printed tables and the figures section of bench/README.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const MB = 1024 ** 2;
const MIX_ORDER = [
  'cold',
  'hot',
  'hot-pipelined',
  'nearby',
  'ceiling',
  'peer-cold',
  'peer-hot',
  'peer-nearby',
  'postgis-cold',
  'postgis-nearby',
  'sql-cold',
];
const MIX_LABEL = {
  cold: 'cold viewports',
  hot: 'hot viewports',
  'hot-pipelined': 'hot viewports, pipelined (median pair)',
  nearby: 'nearby',
  ceiling: 'ceiling (bare Node, hot bytes, pipelined; median pair)',
  'peer-cold': 'Node peer viewports (supercluster)',
  'peer-hot': 'Node peer hot viewports',
  'peer-nearby': 'Node peer nearby (kdbush + geokdbush)',
  'postgis-cold': 'PostGIS viewports (baseline)',
  'postgis-nearby': 'PostGIS nearby (baseline)',
  'sql-cold': 'plain SQL viewports (old baseline)',
};

const verdict = (c) => (c.pass === null ? '-' : c.pass ? 'PASS' : 'FAIL');

function mixRows(r) {
  return MIX_ORDER.filter((name) => r.mixes?.[name]).map((name) => {
    const m = r.mixes[name];
    return {
      mix: MIX_LABEL[name] ?? name,
      rps: m.reqPerSec.toFixed(0),
      p50: `${m.latencyMs.p50} ms`,
      p99: m.latencyMs.p99 == null ? '-' : `${m.latencyMs.p99} ms`,
      errors: String(m.errors),
      generator: m.generator
        ? `${m.generator.name} ${m.generator.cpuPercent} %${m.generator.pipeline > 1 ? `, ${m.generator.pipeline} at once` : ''}`
        : '-',
      server: m.serverCpuPercent != null ? `${m.serverCpuPercent} %${m.generatorBound ? ' GENERATOR-BOUND' : ''}` : '-',
    };
  });
}

function notes(r) {
  const out = [];
  if (r.seed) out.push(`seed: ${r.seed.count} kits (${r.seed.publicCount} public) written in ${r.seed.seconds.toFixed(1)} s`);
  if (r.postgis) out.push(`PostGIS ${r.postgis.install}, columns and GiST indexes in ${r.postgis.seconds} s`);
  if (r.index)
    out.push(
      r.index.complete === false
        ? `index: NOT complete after ${r.index.notCompleteAfterSeconds} s`
        : `first replica: whole-UK viewport complete ${r.index.fromSpawnSeconds} s after spawn`,
    );
  if (r.freshness?.samples)
    out.push(
      `freshness: ${r.freshness.samples} moves through kits, p50 ${r.freshness.p50Ms} ms, p99 ${r.freshness.p99Ms} ms, max ${r.freshness.maxMs} ms, ${r.freshness.timeouts} not seen in 30 s`,
    );
  if (r.readiness)
    out.push(
      `readiness: from the feed ${r.readiness.fromFeedSeconds} s, from the snapshot ${r.readiness.fromSnapshotSeconds} s (snapshot ${r.readiness.snapshotMB} MB gzipped, stored ${r.readiness.snapshotStoredSeconds} s after the first replica was ready)`,
    );
  if (r.faults?.kill) {
    const k = r.faults.kill;
    out.push(
      `kill -9: ${k.before.requests} requests before (${k.before.errors} errors), ${k.burst.requests} in the 10 s after (${k.burst.errors} errors, slowest ${k.burst.maxMs} ms), ${k.after.requests} after (${k.after.errors} errors)`,
    );
  }
  if (r.faults?.rolling)
    out.push(`rolling restart: ${r.faults.rolling.requests} requests over ${r.faults.rolling.seconds} s, ${r.faults.rolling.errors} errors`);
  for (const [name, o] of Object.entries(r.openLoop ?? {}))
    out.push(
      `open loop ${name}: ${o.rateAsked} req/s asked, ${o.rateAchieved} answered, p50 ${o.latencyMs.p50} ms, p99 ${o.latencyMs.p99} ms, p99.9 ${o.latencyMs.p999} ms, ${o.errors} errors, ${o.waitedForConnection} waited for a connection${o.hedged ? `, ${o.hedged.queries} hedged` : ''} (generator ${o.generator.cpuPercent} % of a core${o.generatorLateMs ? `, sent late p99 ${o.generatorLateMs.p99} ms` : ''})`,
    );
  if (r.geoSearchMemory)
    out.push(
      `geo-search memory (first replica): peak VmRSS ${Math.round(r.geoSearchMemory.peakRssBytes / MB)} MB, VmHWM ${Math.round(r.geoSearchMemory.vmHwmBytes / MB)} MB`,
    );
  const others = Object.entries(r.mixes ?? {})
    .map(([k, m]) => [k, m.machineCpuPercent?.otherProcesses])
    .filter(([, v]) => v != null);
  if (others.length)
    out.push(`CPU used by processes outside the benchmark during each mix (% of one core): ${others.map(([k, v]) => `${k} ${v}`).join(', ')}`);
  if (r.loadBeforeMixes != null) out.push(`1-minute load average before the mixes: ${r.loadBeforeMixes}`);
  return out;
}

function plainTable(head, rows) {
  const keys = Object.keys(head);
  const all = [head, ...rows];
  const width = Object.fromEntries(keys.map((k) => [k, Math.max(...all.map((row) => String(row[k]).length))]));
  const line = (row) => keys.map((k) => String(row[k]).padEnd(width[k])).join(' | ');
  return [line(head), keys.map((k) => '-'.repeat(width[k])).join('-+-'), ...rows.map(line)];
}

export function formatTable(r) {
  const title = `geo benchmark: ${r.size.toLocaleString('en-GB')} kits${r.error ? ` — FAILED: ${r.error.split('\n')[0]}` : ''}`;
  const mixes = plainTable(
    { mix: 'mix', rps: 'req/s', p50: 'p50', p99: 'p99', errors: 'errors', generator: 'generator CPU', server: 'server CPU' },
    mixRows(r),
  );
  const checks = plainTable(
    { what: 'target', target: 'bound', actual: 'measured', result: 'result' },
    (r.checks ?? []).map((c) => ({ what: c.what, target: c.target, actual: c.actual, result: verdict(c) })),
  );
  return ['', title, ...mixes, '', ...checks, ...notes(r).map((n) => `- ${n}`), ''].join('\n');
}

function markdown(results) {
  const lines = ['| kits | mix | req/s | p50 | p99 | errors | generator CPU | server CPU |', '|---:|---|---:|---:|---:|---:|---:|---:|'];
  for (const r of results) {
    if (r.error) lines.push(`| ${r.size.toLocaleString('en-GB')} | (run failed: ${r.error.split('\n')[0].replace(/\|/g, '\\|')}) | | | | | | |`);
    for (const row of mixRows(r))
      lines.push(
        `| ${r.size.toLocaleString('en-GB')} | ${row.mix} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.generator} | ${row.server} |`,
      );
  }
  lines.push('', '| kits | target | bound | measured | result |', '|---:|---|---|---|---|');
  for (const r of results) {
    for (const c of r.checks ?? [])
      lines.push(
        `| ${r.size.toLocaleString('en-GB')} | ${c.what} | ${c.target.replace(/>=/g, '≥').replace(/<=/g, '≤')} | ${c.actual} | ${verdict(c)} |`,
      );
  }
  return lines.join('\n');
}

const START = '<!-- bench:geo:latest:start -->';
const END = '<!-- bench:geo:latest:end -->';

/** The figures of this run as a markdown block (the README sections between the markers). */
export function latestMarkdown(results, stamp) {
  const m = results[0]?.machine;
  const s = results[0]?.settings;
  return [
    `Run ${stamp} (\`npm run bench:geo\`): ${m ? `${m.cpus} cores (${m.cpuModel}), ${m.memGiB} GiB, Node ${m.node}` : ''}; ${s ? `${s.connections} connections, ${s.durationSeconds} s per mix after a ${s.warmupSeconds} s warm-up, two geo-search replicas, generator ${s.generator ?? 'autocannon (closed loop)'}, Accept-Encoding ${s.acceptEncoding}` : ''}; product env given: ${JSON.stringify(results[0]?.productEnv ?? {})}. Whole results: \`bench/results/geo-<size>-${stamp}.json\`.`,
    '',
    markdown(results),
    '',
    ...results.map((r) => `- ${r.size.toLocaleString('en-GB')} kits: ${notes(r).join('; ')}.`),
  ].join('\n');
}

/**
 * Replaces the text between the markers in a README with the figures of this run, formatted as the repository
 * formats markdown (npm test checks `prettier --check .`).
 */
export async function updateReadme(file, results, stamp) {
  if (!existsSync(file)) return false;
  const text = readFileSync(file, 'utf8');
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a < 0 || b < a) return false;
  const updated = `${text.slice(0, a)}${START}\n${latestMarkdown(results, stamp)}\n${END}${text.slice(b + END.length)}`;
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(updated, { ...options, filepath: file }));
  return true;
}
