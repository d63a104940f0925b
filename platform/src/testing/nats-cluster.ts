import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitForPort } from './free-port';
import { natsBinary } from './nats-server';

export type TestNatsClusterServer = {
  name: string;
  /** This server alone. */
  url: string;
  port: number;
  /** Its monitoring endpoint (/varz, /connz, /jsz, /healthz). */
  monitorUrl: string;
  running(): boolean;
  /** `kill -9`: its clients see the connection drop with no goodbye. */
  kill(): Promise<void>;
  /** Starts it again with the store it had (it rejoins the cluster and catches up). */
  start(): Promise<void>;
};

/** Shaped like TestNatsServer (url, port, start, stop), so a stack takes either. */
export type TestNatsCluster = {
  /** Every server, comma-separated: what each process's NATS_URL names in a cluster. */
  url: string;
  port: number;
  servers: TestNatsClusterServer[];
  /** Resolves when every running server reports JetStream current (a meta leader elected, streams caught up). */
  whenHealthy(timeoutMs?: number): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

async function healthy(monitorPort: number): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${monitorPort}/healthz`, { signal: AbortSignal.timeout(1000) }).catch(() => null);
  return res?.status === 200;
}

/**
 * A cluster of real nats-server processes on loopback ports for one test file: joined by cluster routes, JetStream
 * on, each with its own store in a temporary folder (removed by stop). The shape production runs (k8s/base/nats.yaml),
 * without network namespaces: a test may kill one server and start it again.
 */
export async function startTestNatsCluster(size = 3): Promise<TestNatsCluster> {
  const clusterName = `bk-test-${process.pid}-${Date.now().toString(36)}`;
  const nodes: { name: string; port: number; routePort: number; monitorPort: number; storeDir: string; child: ChildProcess | null }[] = [];
  for (let i = 0; i < size; i++)
    nodes.push({
      name: `n${i}`,
      port: await freePort(),
      routePort: await freePort(),
      monitorPort: await freePort(),
      storeDir: mkdtempSync(path.join(tmpdir(), 'bk-test-nats-cluster-')),
      child: null,
    });
  const routes = nodes.map((n) => `nats://127.0.0.1:${n.routePort}`).join(',');

  async function startNode(n: (typeof nodes)[number]): Promise<void> {
    // The routes name every server, this one too (a server ignores a route to itself), as the k8s configuration does.
    const args = ['-a', '127.0.0.1', '-p', String(n.port), '-m', String(n.monitorPort), '-n', n.name, '-js', '-sd', n.storeDir];
    args.push('--cluster_name', clusterName, '--cluster', `nats://127.0.0.1:${n.routePort}`, '--routes', routes);
    n.child = spawn(natsBinary(), args, { stdio: 'ignore' });
    await waitForPort(n.port);
  }

  async function killNode(n: (typeof nodes)[number]): Promise<void> {
    const c = n.child;
    n.child = null;
    if (c && c.exitCode === null)
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGKILL');
      });
  }

  const cluster: TestNatsCluster = {
    url: nodes.map((n) => `nats://127.0.0.1:${n.port}`).join(','),
    port: nodes[0].port,
    servers: nodes.map((n) => ({
      name: n.name,
      url: `nats://127.0.0.1:${n.port}`,
      port: n.port,
      monitorUrl: `http://127.0.0.1:${n.monitorPort}`,
      running: () => n.child !== null,
      kill: () => killNode(n),
      start: () => startNode(n),
    })),
    async whenHealthy(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const running = nodes.filter((n) => n.child);
        if ((await Promise.all(running.map((n) => healthy(n.monitorPort)))).every(Boolean)) return;
        if (Date.now() > deadline) throw new Error(`the NATS cluster was not healthy within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async start() {
      await Promise.all(nodes.filter((n) => !n.child).map(startNode));
      await cluster.whenHealthy();
    },
    async stop() {
      await Promise.all(nodes.map(killNode));
      for (const n of nodes) rmSync(n.storeDir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (e) {
    await cluster.stop();
    throw e;
  }
  return cluster;
}
