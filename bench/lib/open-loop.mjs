// Open-loop load: request n is due at start + n / rate whatever the answers are doing, the way a surge of people
// arrives, and its latency counts from when it was due, so a request that waited for a free connection shows that
// wait (closed-loop generators send the next request only after an answer and hide queueing: coordinated omission).
import { Agent, request } from 'node:http';
import { percentileOfSorted as percentile } from './stats.mjs';

const ms = (x) => (x == null ? null : Math.round(x * 100) / 100);

/** A request is counted as having waited for a connection when it got one this long after it was due. */
const WAITED_MS = 5;

/**
 * Sends `paths` (cycling) to `baseUrl` at `rate` requests per second for `seconds`, on at most `maxConnections`
 * keep-alive connections. Resolves with the rate asked and achieved, latency percentiles (from the due time), errors
 * by kind, how many requests waited for a connection, and this process's CPU while it ran (the generator's).
 */
export async function runOpenLoop(baseUrl, paths, { rate, seconds, warmupSeconds = 0, maxConnections = 512, timeoutMs = 10_000, headers = {} }) {
  const agent = new Agent({ keepAlive: true, maxSockets: maxConnections });
  try {
    // The warm-up opens the connections at the same rate (as a load balancer's pool holds them) and is not counted:
    // its paths are the list's first ones, the measured run takes the ones after.
    const warmup = Math.round(rate * warmupSeconds);
    if (warmup > 0) await paced(baseUrl, paths, 0, agent, { rate, seconds: warmupSeconds, timeoutMs, headers });
    return await paced(baseUrl, paths, warmup, agent, { rate, seconds, timeoutMs, headers });
  } finally {
    agent.destroy();
  }
}

async function paced(baseUrl, paths, offset, agent, { rate, seconds, timeoutMs, headers }) {
  const url = new URL(baseUrl);
  const total = Math.round(rate * seconds);
  const latencies = new Float64Array(total);
  let answered = 0;
  let ok = 0;
  let non2xx = 0;
  let failed = 0;
  let timedOut = 0;
  let waited = 0;
  let sent = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let finish;
  const allDone = new Promise((r) => (finish = r));
  const settle = (dueAt) => {
    latencies[answered++] = performance.now() - dueAt;
    if (answered === total) finish();
  };
  const fire = (n) => {
    const dueAt = started + (n * 1000) / rate;
    const req = request(
      { host: url.hostname, port: url.port, path: paths[(offset + n) % paths.length], agent, headers, timeout: timeoutMs },
      (res) => {
        res.resume();
        res.once('end', () => {
          if (res.statusCode >= 200 && res.statusCode < 300) ok++;
          else non2xx++;
          settle(dueAt);
        });
      },
    );
    req.once('socket', () => {
      if (performance.now() - dueAt > WAITED_MS) waited++;
    });
    req.once('timeout', () => {
      timedOut++;
      req.destroy(new Error('timeout'));
    });
    req.once('error', () => {
      failed++;
      settle(dueAt);
    });
    req.end();
  };
  // Fires every request whose time has come; a tick that runs late fires the overdue ones at once (still counted
  // from their due time).
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      while (sent < due) fire(sent++);
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.race([allDone, new Promise((r) => setTimeout(r, timeoutMs + 2000))]);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = Array.from(latencies.subarray(0, answered)).sort((a, b) => a - b);
  return {
    rateAsked: rate,
    rateAchieved: Math.round((answered / elapsed) * 10) / 10,
    requests: total,
    answered,
    latencyMs: { p50: ms(percentile(sorted, 50)), p99: ms(percentile(sorted, 99)), p999: ms(percentile(sorted, 99.9)), max: ms(sorted.at(-1)) },
    errors: non2xx + failed + (total - answered),
    errorBreakdown: { non2xx, socketErrorsAndTimeouts: failed, timeouts: timedOut, unanswered: total - answered },
    waitedForConnection: waited,
    generator: { name: 'node open loop', cpuPercent: Math.round(((cpu.user + cpu.system) / 1e6 / elapsed) * 100) },
    durationSeconds: Math.round(elapsed * 100) / 100,
    ok,
  };
}
