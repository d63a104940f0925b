// wrk (Debian's package) as the benchmarks' HTTP load generator: C, one thread, far cheaper per request than a Node
// generator (autocannon used a whole core at ~3,500 req/s here, so it measured itself, not the server). The request
// list is the recorded mix, built by the same requestPath as autocannon and k6 (bench/lib/replay.lua replays it).
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/infra.mjs';

const REPLAY = path.join(ROOT, 'bench', 'lib', 'replay.lua');

/** A mix whose generator used more than this share of a core, or more than the server, measured the generator. */
export const GENERATOR_BOUND_CORE_SHARE = 0.7;

function which(cmd) {
  try {
    return execFileSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** The wrk binary, installed from Debian's packages when missing (as root, like PostGIS); null when it cannot be. */
export function ensureWrk({ log = () => {} } = {}) {
  const found = which('wrk');
  if (found) return found;
  if (process.getuid?.() !== 0 || !which('apt-get')) return null;
  log('installing wrk (Debian package) for the load generator');
  try {
    execFileSync('sh', ['-c', 'apt-get install -y -qq wrk || (apt-get update -qq && apt-get install -y -qq wrk)'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return which('wrk');
}

/**
 * One wrk run against `baseUrl` replaying `paths` (written to `pathsFile`) over `connections` connections for
 * `seconds`, `pipeline` requests at once on each (1: one at a time). Resolves with the summary: requests, req/s,
 * latency percentiles in ms (of a batch of `pipeline` requests, first sent to last answered), errors by kind, and
 * wrk's own CPU.
 */
export function runWrk(bin, baseUrl, paths, { connections, seconds, pathsFile, acceptEncoding, timeoutSeconds = 10, pipeline = 1 }) {
  writeFileSync(pathsFile, `${paths.join('\n')}\n`);
  const child = spawn(bin, ['-t1', `-c${connections}`, `-d${seconds}s`, `--timeout`, `${timeoutSeconds}s`, '-s', REPLAY, baseUrl], {
    env: { ...process.env, WRK_PATHS: pathsFile, WRK_ACCEPT_ENCODING: acceptEncoding, WRK_PIPELINE: String(pipeline) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
      if (code !== 0 || !line) return reject(new Error(`wrk exited with ${code}: ${out.slice(-2000)}`));
      const w = JSON.parse(line.slice('WRK_JSON '.length));
      const duration = w.durationUs / 1e6;
      const ms = (us) => Math.round(us / 10) / 100;
      const ranked = (us) => (us === 0 && w.p50 > 0 ? null : ms(us));
      const socketErrors = w.connect + w.read + w.write + w.timeout;
      resolve({
        reqPerSec: Math.round((w.requests / duration) * 10) / 10,
        // wrk 4.1 answers 0 for a high percentile it cannot rank (seen with pipelined batches): no figure, not 0 ms.
        latencyMs: { p50: ms(w.p50), p90: ranked(w.p90), p99: ranked(w.p99), p999: ranked(w.p999), max: ms(w.max), mean: ms(w.mean) },
        requests: w.requests,
        errors: socketErrors + w.status,
        errorBreakdown: { connect: w.connect, read: w.read, write: w.write, timeouts: w.timeout, non2xx3xx: w.status },
        throughputBytesPerSec: Math.round(w.bytes / duration),
        durationSeconds: Math.round(duration * 100) / 100,
        generator: {
          name: 'wrk',
          threads: 1,
          connections,
          pipeline: w.pipeline,
          cpuPercent: Math.round((w.cpuSeconds / duration) * 100),
          paths: w.paths,
        },
      });
    });
  });
}

/**
 * GENERATOR-BOUND: the generator used more than 70 % of a core, or more than the server answering it; such a mix
 * measured its generator, and a ratio built on it is not reported as PASS.
 */
export function generatorBound(generatorCpuPercent, serverCpuPercent) {
  return generatorCpuPercent > GENERATOR_BOUND_CORE_SHARE * 100 || generatorCpuPercent > serverCpuPercent;
}
