// Runs the seven services and the gateway as child processes: prefixed logs, restart with backoff,
// orderly stop. Used by `npm start` (scripts/start.mjs) and by the e2e part of `npm test` (scripts/test.mjs).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULTS, ROOT, sleep } from './infra.mjs';

export const SERVICES = ['kits', 'geo-search', 'identity', 'verification', 'imports', 'notifications', 'backups'];

/** SERVICE_HTTP_PORT of each service under `npm start` (liveness, readiness, metrics). */
export const DEFAULT_SERVICE_PORTS = Object.freeze({
  kits: 9101,
  'geo-search': 9102,
  identity: 9103,
  verification: 9104,
  imports: 9105,
  notifications: 9106,
  backups: 9107,
});

export const DEFAULT_GATEWAY_PORT = 8080;
const STOP_GRACE_MS = 10_000;
const MAX_RESTARTS_PER_MINUTE = 5;

/** Entry file of each process, relative to the repository root. */
export function entryPoints(root = ROOT) {
  const entries = SERVICES.map((name) => ({
    name,
    main: path.join(root, 'services', name, 'dist', 'main.js'),
    nodeArgs: nodeOptionsOf(path.join(root, 'services', name)),
  }));
  entries.push({ name: 'gateway', main: path.join(root, 'gateway', 'dist', 'main.js'), nodeArgs: nodeOptionsOf(path.join(root, 'gateway')) });
  return entries;
}

/**
 * Node flags a package asks for in its package.json `nodeOptions` (the Dockerfile reads the same field): geo-search
 * and kits move hundreds of MB through short-lived objects on a first load, and a larger young generation
 * (--max-semi-space-size=64) cut their garbage collection by half (bench/README.md).
 */
function nodeOptionsOf(dir) {
  try {
    const { nodeOptions } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return typeof nodeOptions === 'string' ? nodeOptions.split(/\s+/).filter(Boolean) : [];
  } catch {
    return [];
  }
}

/** The list of entry files that have not been built; empty when the stack can start. */
export function missingBuilds(root = ROOT) {
  return entryPoints(root)
    .filter((e) => !existsSync(e.main))
    .map((e) => path.relative(root, e.main));
}

/** Environment shared by every process, with the documented defaults filled in. */
export function baseEnv(env = process.env) {
  return {
    ...env,
    NODE_ENV: env.NODE_ENV || 'development',
    DATABASE_URL: env.DATABASE_URL || DEFAULTS.DATABASE_URL,
    NATS_URL: env.NATS_URL || DEFAULTS.NATS_URL,
    REDIS_URL: env.REDIS_URL || DEFAULTS.REDIS_URL,
    LOG_LEVEL: env.LOG_LEVEL || 'info',
  };
}

/**
 * Starts every service, then the gateway on `port`. Resolves once all are spawned (not yet healthy:
 * call waitHealthy()). Throws before spawning anything when a dist/main.js is missing.
 *
 * @param {object} o
 * @param {Record<string,string|undefined>} [o.env]  environment for the processes (defaults filled in)
 * @param {number} [o.port]  gateway PORT
 * @param {(line: string) => void} [o.log]  receives every prefixed log line
 * @param {Record<string, number>} [o.servicePorts]  SERVICE_HTTP_PORT per service
 * @param {(name: string) => void} [o.onGiveUp]  called when a process died too often and is no longer restarted
 * @param {string[]} [o.deferred]  processes not started now but by the returned launch(name) (the benchmark starts
 *   geo-search once the rest of the stack is up, as a replica joins a running register)
 * @param {string} [o.root]
 */
export async function startStack({
  env = process.env,
  port = DEFAULT_GATEWAY_PORT,
  log = (line) => console.log(line),
  servicePorts = DEFAULT_SERVICE_PORTS,
  onGiveUp = () => {},
  deferred = [],
  root = ROOT,
} = {}) {
  const missing = missingBuilds(root);
  if (missing.length) {
    throw new Error(`cannot start the stack: not built: ${missing.join(', ')} (run \`npx nx run-many -t build\`)`);
  }
  const shared = baseEnv(env);
  const width = Math.max(...entryPoints(root).map((e) => e.name.length), 'stack'.length);
  const say = (name, text) => log(`${name.padEnd(width)} | ${text}`);
  const note = (text) => say('stack', text);

  let stopping = false;
  const gaveUp = new Set();
  const procs = entryPoints(root).map((entry) => {
    const childEnv = { ...shared };
    if (entry.name === 'gateway') {
      childEnv.PORT = String(port);
      // The gateway answers health on PORT; a SERVICE_HTTP_PORT left over from the caller's env means nothing to it.
      delete childEnv.SERVICE_HTTP_PORT;
    } else {
      const p = servicePorts[entry.name];
      if (!p) throw new Error(`no SERVICE_HTTP_PORT for ${entry.name}`);
      childEnv.SERVICE_HTTP_PORT = String(p);
      delete childEnv.PORT;
    }
    return { ...entry, env: childEnv, child: null, restarts: [], timer: null, exited: null };
  });

  function pipeLines(stream, name) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split(/\r?\n/);
      rest = lines.pop();
      for (const line of lines) say(name, line);
    });
    stream.on('end', () => {
      if (rest) say(name, rest);
      rest = '';
    });
  }

  function launch(p) {
    const child = spawn(process.execPath, [...p.nodeArgs, p.main], { cwd: root, env: p.env, stdio: ['ignore', 'pipe', 'pipe'] });
    p.child = child;
    p.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => resolve({ code, signal }));
      child.once('error', (err) => {
        say(p.name, `could not start: ${err.message}`);
        resolve({ code: null, signal: null, error: err });
      });
    });
    pipeLines(child.stdout, p.name);
    pipeLines(child.stderr, p.name);
    p.exited.then(({ code, signal }) => {
      if (p.child === child) p.child = null;
      // A Ctrl-C reaches the children and this process together; give our own handler a moment to set `stopping`.
      setTimeout(() => {
        if (stopping) return;
        const how = signal ? `signal ${signal}` : `code ${code}`;
        const now = Date.now();
        p.restarts = p.restarts.filter((t) => now - t < 60_000);
        if (p.restarts.length >= MAX_RESTARTS_PER_MINUTE) {
          note(`${p.name} exited unexpectedly (${how}); it already restarted ${MAX_RESTARTS_PER_MINUTE} times within a minute: giving up`);
          gaveUp.add(p.name);
          onGiveUp(p.name);
          return;
        }
        const delay = Math.min(500 * 2 ** p.restarts.length, 8_000);
        p.restarts.push(now);
        note(
          `${p.name} exited unexpectedly (${how}); restarting in ${delay} ms (restart ${p.restarts.length} of ${MAX_RESTARTS_PER_MINUTE} per minute)`,
        );
        p.timer = setTimeout(() => {
          p.timer = null;
          if (!stopping) launch(p);
        }, delay);
      }, 200);
    });
  }

  // Kill whatever is still running if this process exits without stop() (an uncaught error, process.exit).
  const onExit = () => {
    for (const p of procs) if (p.child) p.child.kill('SIGKILL');
  };
  process.on('exit', onExit);

  const start = (p) => {
    note(`starting ${p.name}${p.name === 'gateway' ? ` on port ${port}` : ` (SERVICE_HTTP_PORT ${p.env.SERVICE_HTTP_PORT})`}`);
    launch(p);
  };
  for (const p of procs) if (!deferred.includes(p.name)) start(p);

  let stopped;
  async function stop() {
    if (stopped) return stopped;
    stopping = true;
    stopped = (async () => {
      for (const p of procs) if (p.timer) clearTimeout(p.timer);
      const running = procs.filter((p) => p.child);
      for (const p of running) p.child.kill('SIGTERM');
      const killer = setTimeout(() => {
        for (const p of running) {
          if (p.child) {
            note(`${p.name} did not stop within ${STOP_GRACE_MS / 1000} s: SIGKILL`);
            p.child.kill('SIGKILL');
          }
        }
      }, STOP_GRACE_MS);
      await Promise.all(running.map((p) => p.exited));
      clearTimeout(killer);
      process.off('exit', onExit);
      note('all processes stopped');
    })();
    return stopped;
  }

  /** Polls GET /api/health until it answers 200; resolves its body. Rejects on timeout or when a process gave up. */
  async function waitHealthy({ timeoutMs = 180_000, intervalMs = 1000 } = {}) {
    const url = `http://127.0.0.1:${port}/api/health`;
    const deadline = Date.now() + timeoutMs;
    let last = 'no answer yet';
    while (Date.now() < deadline) {
      if (stopping) throw new Error('the stack is stopping');
      if (gaveUp.size) throw new Error(`gave up restarting: ${[...gaveUp].join(', ')}`);
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
        const text = await res.text();
        if (res.status === 200) {
          try {
            return JSON.parse(text);
          } catch {
            return text;
          }
        }
        last = `HTTP ${res.status} ${text.slice(0, 500)}`;
      } catch (err) {
        last = err?.cause?.code ?? err?.message ?? String(err);
      }
      await sleep(intervalMs);
    }
    throw new Error(`GET ${url} did not answer 200 within ${Math.round(timeoutMs / 1000)} s (last: ${last})`);
  }

  /** Starts a process held back with `deferred`. */
  function launchDeferred(name) {
    const p = procs.find((q) => q.name === name && deferred.includes(q.name));
    if (!p) throw new Error(`${name} was not deferred`);
    if (p.child || stopping) return;
    start(p);
  }

  return {
    stop,
    waitHealthy,
    launch: launchDeferred,
    port,
    url: `http://127.0.0.1:${port}`,
    get gaveUp() {
      return [...gaveUp];
    },
  };
}
