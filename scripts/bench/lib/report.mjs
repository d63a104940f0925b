// The benchmark's printed table and the figures table in bench/README.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const MB = 1024 ** 2;
const ORDER = ['cold', 'hot', 'nearby', 'sql-cold'];

function rows(r) {
  const out = [];
  const checks = r.checks ?? [];
  const verdict = (list) => (list.length ? (list.every((c) => c.pass) ? 'PASS' : 'FAIL') : '-');
  for (const name of ORDER) {
    const m = r.mixes?.[name];
    if (!m) continue;
    const mine = checks.filter((c) => c.mix === name);
    out.push({
      mix: name,
      rps: m.reqPerSec.toFixed(0),
      p50: `${m.latencyMs.p50} ms`,
      p99: `${m.latencyMs.p99} ms`,
      errors: String(m.errors),
      target: mine.length ? mine.map((c) => c.what).join(', ') : name === 'sql-cold' ? '(baseline)' : '(none at this size)',
      result: mine.length
        ? `${verdict(mine)}${
            mine.some((c) => !c.pass)
              ? ` (${mine
                  .filter((c) => !c.pass)
                  .map((c) => c.what.split(' ')[0])
                  .join(', ')})`
              : ''
          }`
        : '-',
    });
  }
  for (const c of checks.filter((c) => !ORDER.includes(c.mix))) {
    out.push({
      mix: c.mix,
      rps: '',
      p50: '',
      p99: '',
      errors: '',
      target: c.what,
      result: `${c.pass ? 'PASS' : 'FAIL'} (${c.actual}${c.mix === 'index build' ? ' s' : c.mix.startsWith('cold vs') ? 'x' : ''})`,
    });
  }
  if (r.indexBuildSeconds != null && !checks.some((c) => c.mix === 'index build')) {
    out.push({ mix: 'index build', rps: '', p50: '', p99: '', errors: '', target: '(none at this size)', result: `${r.indexBuildSeconds} s` });
  }
  if (r.peakMemoryBytes && !checks.some((c) => c.mix === 'geo-search memory')) {
    const partial = r.index?.complete === false;
    out.push({
      mix: 'geo-search memory',
      rps: '',
      p50: '',
      p99: '',
      errors: '',
      target: partial ? '(index never built: not judged)' : '(none at this size)',
      result: `${Math.round(r.peakMemoryBytes / MB)} MB peak${partial ? ' so far' : ''}`,
    });
  }
  return out;
}

const HEAD = { mix: 'mix', rps: 'req/s', p50: 'p50', p99: 'p99', errors: 'errors', target: 'target', result: 'result' };

export function formatTable(r) {
  const title = `geo benchmark: ${r.size.toLocaleString('en-GB')} kits (${r.seed?.publicCount ?? '?'} public)${r.error ? ` — FAILED: ${r.error.split('\n')[0]}` : ''}`;
  const list = [HEAD, ...rows(r)];
  const keys = Object.keys(HEAD);
  const width = Object.fromEntries(keys.map((k) => [k, Math.max(...list.map((row) => row[k].length))]));
  const line = (row) =>
    keys.map((k) => (['rps', 'p50', 'p99', 'errors'].includes(k) ? row[k].padStart(width[k]) : row[k].padEnd(width[k]))).join(' | ');
  const sep = keys.map((k) => '-'.repeat(width[k])).join('-+-');
  const notes = [];
  if (r.seed) notes.push(`seed: ${r.seed.count} kits written in ${r.seed.seconds.toFixed(1)} s (last revision ${r.seed.lastRevision})`);
  if (r.feedProbe?.pages) {
    notes.push(
      `public feed (kits.public-changes), pages of ${r.feedProbe.pageSize}: ${r.feedProbe.pages.map((p) => `after ${p.afterRevision}: ${p.ms} ms${p.bytes ? ` / ${Math.round(p.bytes / 1024)} KiB` : ''}${p.error ? ` (${p.error})` : ''}`).join('; ')}${r.feedProbe.estimatedFullReadSeconds != null ? ` => one page at a time ~${r.feedProbe.estimatedFullReadSeconds} s` : ''}`,
    );
  }
  const others = Object.entries(r.mixes ?? {})
    .map(([k, m]) => [k, m.machineCpuPercent?.otherProcesses])
    .filter(([, v]) => v != null);
  if (others.length)
    notes.push(
      `machine: ${r.machine?.cpus ?? '?'} cores; CPU used by processes outside the benchmark during each mix (% of one core): ${others.map(([k, v]) => `${k} ${v}`).join(', ')}`,
    );
  if (r.index?.complete === false)
    notes.push(
      `index: NOT complete ${r.index.notCompleteAfterSeconds} s after geo-search was spawned (the whole-UK viewport still answered: ${r.index.lastAnswer.replace(/^.*\(last: /, '').replace(/\)$/, '')})`,
    );
  else if (r.index)
    notes.push(
      `index: complete ${r.index.fromStackStartSeconds} s after geo-search was spawned; figure used: ${r.indexBuildSeconds} s (${r.index.figureUsed})`,
    );
  if (r.geoSearchMemory)
    notes.push(
      `geo-search memory: peak VmRSS ${Math.round(r.geoSearchMemory.peakRssBytes / MB)} MB, VmHWM ${Math.round(r.geoSearchMemory.vmHwmBytes / MB)} MB${r.geoSearchMemory.restarted ? ' (geo-search RESTARTED during the run)' : ''}`,
    );
  return ['', title, line(HEAD), sep, ...rows(r).map(line), ...notes, ''].join('\n');
}

function markdownTable(results) {
  const lines = ['| kits | mix | req/s | p50 | p99 | errors | target | result |', '|---:|---|---:|---:|---:|---:|---|---|'];
  for (const r of results) {
    if (r.error) lines.push(`| ${r.size.toLocaleString('en-GB')} | (run failed) | | | | | | ${r.error.split('\n')[0].replace(/\|/g, '\\|')} |`);
    for (const row of rows(r)) {
      lines.push(
        `| ${r.size.toLocaleString('en-GB')} | ${row.mix} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.target.replace(/>=/g, '≥').replace(/<=/g, '≤')} | ${row.result} |`,
      );
    }
  }
  return lines.join('\n');
}

const START = '<!-- bench:geo:latest:start -->';
const END = '<!-- bench:geo:latest:end -->';

/** Replaces the text between the markers in bench/README.md with the figures of this run. */
export function updateReadme(file, results, stamp) {
  if (!existsSync(file)) return;
  const text = readFileSync(file, 'utf8');
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a < 0 || b < a) return;
  const m = results[0]?.machine;
  const s = results[0]?.settings;
  const body = [
    START,
    `Run ${stamp} (\`npm run bench:geo\`): ${m ? `${m.cpus} cores (${m.cpuModel}), ${m.memGiB} GiB, Node ${m.node}` : ''}; ${s ? `${s.connections} connections, ${s.durationSeconds} s per mix after a ${s.warmupSeconds} s warm-up, SQL baseline limit ${s.sqlBaselineLimit}, Accept-Encoding ${s.acceptEncoding}` : ''}; product env given: ${JSON.stringify(results[0]?.productEnv ?? {})}. Whole results: \`bench/results/geo-<size>-${stamp}.json\`.`,
    '',
    markdownTable(results),
    '',
    ...results.map(
      (r) =>
        `- ${r.size.toLocaleString('en-GB')} kits: ${
          formatTable(r)
            .split('\n')
            .filter((l) => /^(index|geo-search memory|seed|kits change feed|machine)[:,]/.test(l))
            .join('; ') || 'no details'
        }.`,
    ),
    END,
  ].join('\n');
  writeFileSync(file, text.slice(0, a) + body + text.slice(b + END.length));
}
