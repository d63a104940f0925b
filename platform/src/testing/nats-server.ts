import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitForPort } from './free-port';

export type TestNatsServer = { url: string; port: number; stop(): Promise<void>; start(): Promise<void> };

export function natsBinary(): string {
  const candidates = [process.env.NATS_SERVER_BIN, '/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];
  const found = candidates.find((c): c is string => !!c && existsSync(c));
  if (!found) throw new Error('nats-server binary not found: install the nats-server package or set NATS_SERVER_BIN');
  return found;
}

/**
 * A private, real nats-server on a free loopback port for one test file: queue groups of one file's services
 * never answer another file's requests, and a test may stop and restart it. JetStream is on, as in every
 * deployment (geo-search keeps its projection's snapshot in its object store), with a store of its own that is
 * removed when the server stops (a restarted server starts with an empty store, like one without persistence).
 */
export async function startTestNatsServer(): Promise<TestNatsServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  let storeDir: string | null = null;
  const server: TestNatsServer = {
    url: `nats://127.0.0.1:${port}`,
    port,
    async start() {
      storeDir = mkdtempSync(path.join(tmpdir(), 'bk-test-nats-'));
      const started = spawn(natsBinary(), ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
      child = started;
      // A restart reuses the port; if anything took it meanwhile, the server exits at once and the port answers
      // for someone else: fail here rather than let the test talk to another file's server.
      const exited = new Promise<never>((_, reject) =>
        started.once('exit', (code) =>
          reject(new Error(`nats-server on port ${port} exited (code ${code}) before it was ready: is the port taken?`)),
        ),
      );
      exited.catch(() => undefined);
      await Promise.race([waitForPort(port), exited]);
      await new Promise((r) => setTimeout(r, 50));
      if (started.exitCode !== null) throw new Error(`nats-server on port ${port} exited (code ${started.exitCode}) right after it opened the port`);
    },
    async stop() {
      const c = child;
      const dir = storeDir;
      child = null;
      storeDir = null;
      if (c && c.exitCode === null) {
        await new Promise<void>((resolve) => {
          c.once('exit', () => resolve());
          c.kill('SIGKILL');
        });
      }
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
