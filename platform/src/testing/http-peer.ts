import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A provider's HTTP API played on 127.0.0.1 (ARCHITECTURE: tests drive the real adapters against such peers). */
export type HttpPeer = {
  url: string;
  /** Every request's path and query, in arrival order. */
  calls: string[];
  /** Stops listening and ends any request still held open (a stalled answer). */
  close(): Promise<void>;
};

export type PeerRequest = { method: string; url: URL; body: string; raw: IncomingMessage };

/** Starts a peer on a free loopback port; `handler` answers each request once its body has arrived. */
export async function startHttpPeer(handler: (req: PeerRequest, res: ServerResponse) => void): Promise<HttpPeer> {
  const calls: string[] = [];
  const server = createServer((raw, res) => {
    const url = new URL(raw.url ?? '/', 'http://127.0.0.1');
    calls.push(`${url.pathname}${url.search}`);
    let body = '';
    raw.on('data', (chunk: Buffer) => (body += chunk.toString()));
    raw.on('end', () => handler({ method: raw.method ?? 'GET', url, body, raw }, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function answerJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
