import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Readiness, metricsRegistry } from '@bleedkits/platform';

export type ManagementServer = { port: number; close(): Promise<void> };

/**
 * The gateway's internal port: /healthz, /readyz and /metrics for kubelet, Docker's HEALTHCHECK and Prometheus.
 * A plain Node server, apart from the public one: no web app, session, security header or Ingress route ever sits
 * in front of it, and the Kubernetes NetworkPolicy opens it to the monitoring namespace only.
 */
export async function startManagementServer(readiness: Readiness, port: number, host = '0.0.0.0'): Promise<ManagementServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const reply = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply(405, 'application/json', '{"message":"Method not allowed"}');
    const answer = async () => {
      switch (path) {
        case '/healthz':
        case '/livez':
          return reply(200, 'application/json', '{"status":"up"}');
        case '/readyz': {
          const { ready, body } = await readiness.report();
          return reply(ready ? 200 : 503, 'application/json', JSON.stringify(body));
        }
        case '/metrics':
          return reply(200, metricsRegistry.contentType, await metricsRegistry.metrics());
        default:
          return reply(404, 'application/json', '{"message":"Not found"}');
      }
    };
    answer().catch((e: unknown) => reply(500, 'application/json', JSON.stringify({ message: (e as Error).message })));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
