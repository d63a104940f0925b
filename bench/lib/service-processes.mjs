// Starting and stopping the register's processes for a benchmark: from source (the tests' swc hook, no build), or
// from a private build (bench/lib/private-build.mjs) when memory is measured, as production runs compiled code.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, sleep } from '../../scripts/lib/infra.mjs';

/**
 * Runs `main` (a path from the repository root) under a require hook, its output prefixed with `name` in `logFile`.
 * The hook is the tests' swc one unless a private build's is given (then `main` is that build's compiled entry).
 * `netns` runs it inside that network namespace (bench:faults' hosts; `ip netns exec` execs, so the pid is Node's).
 */
export function startProcess(name, main, env, logFile, hook = path.join(ROOT, 'platform/src/testing/register-ts.js'), { netns } = {}) {
  const node = [process.execPath, '-r', hook, path.resolve(ROOT, main)];
  const [command, ...args] = netns ? ['ip', 'netns', 'exec', netns, ...node] : node;
  const child = spawn(command, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = (d) => appendFileSync(logFile, `${d.toString().trimEnd().replace(/^/gm, `${name} | `)}\n`);
  child.stdout.on('data', log);
  child.stderr.on('data', log);
  return child;
}

/** Resolves once the process's management port answers /readyz 200; fails if it exits or the time runs out. */
export async function waitReady(port, name, child, timeoutMs = 180_000, host = '127.0.0.1') {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://${host}:${port}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      /* not yet */
    }
    await sleep(500);
  }
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s`);
}

/** SIGTERM, then SIGKILL after 15 s. */
export async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await gone;
  clearTimeout(t);
}
