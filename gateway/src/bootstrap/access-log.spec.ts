import type { LoggerService } from '@nestjs/common';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeAccessLog } from './access-log';

describe('the access log', () => {
  let server: Server;
  let base: string;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    // Answers 400 for a query naming "bad", 200 otherwise: the route's status is all the log reads.
    server = createServer((req, res) => {
      res.statusCode = req.url?.includes('bad') ? 400 : 200;
      res.end();
    });
    const logger = { log: (line: Record<string, unknown>) => lines.push(line) } as unknown as LoggerService;
    writeAccessLog(server, logger);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const ask = async (path: string) => {
    lines.length = 0;
    await (await fetch(base + path)).arrayBuffer();
    await new Promise((r) => setImmediate(r));
    return lines.map(({ route, status }) => ({ route, status }));
  };

  it("leaves out the public finder's successful answers (the metrics count them)", async () => {
    expect(await ask('/api/bleed-kits/public?north=53.5&south=53.4&east=-2.2&west=-2.4&zoom=12')).toEqual([]);
    expect(await ask('/api/bleed-kits/nearby?lat=53.4&lng=-2.3')).toEqual([]);
  });

  it("logs the finder's refusals and every other request, with the route and never the query", async () => {
    expect(await ask('/api/bleed-kits/nearby?lat=bad')).toEqual([{ route: '/api/bleed-kits/nearby', status: 400 }]);
    expect(await ask('/api/reset-password?token=secret')).toEqual([{ route: 'unmatched', status: 200 }]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});
