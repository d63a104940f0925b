import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort, waitForPort } from './free-port';

export type TestNatsServer = { url: string; port: number; stop(): Promise<void>; start(): Promise<void> };

function natsBinary(): string {
  const candidates = [process.env.NATS_SERVER_BIN, '/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];
  const found = candidates.find((c): c is string => !!c && existsSync(c));
  if (!found) throw new Error('nats-server binary not found: install the nats-server package or set NATS_SERVER_BIN');
  return found;
}

/**
 * A private, real nats-server on a free loopback port for one test file: queue groups of one file's services
 * never answer another file's requests, and a test may stop and restart it.
 */
export async function startTestNatsServer(): Promise<TestNatsServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const server: TestNatsServer = {
    url: `nats://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn(natsBinary(), ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
      await waitForPort(port);
    },
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGKILL');
      });
    },
  };
  await server.start();
  return server;
}
