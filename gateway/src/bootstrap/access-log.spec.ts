import type { LoggerService } from '@nestjs/common';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { finderFailureLog, writeAccessLog } from './access-log';

describe('the access log', () => {
  let server: Server;
  let base: string;
  const lines: Record<string, unknown>[] = [];
  const logger = { log: (line: Record<string, unknown>) => lines.push(line) } as unknown as LoggerService;

  beforeAll(async () => {
    // Answers 400 for a query naming "bad", 200 otherwise: the route's status is all the log reads.
    server = createServer((req, res) => {
      res.statusCode = req.url?.includes('bad') ? 400 : 200;
      res.end();
    });
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

  it("leaves the public finder's answers to the finder (its metrics count them, its failure log writes refusals)", async () => {
    expect(await ask('/api/bleed-kits/public?north=53.5&south=53.4&east=-2.2&west=-2.4&zoom=12')).toEqual([]);
    expect(await ask('/api/bleed-kits/nearby?lat=53.4&lng=-2.3')).toEqual([]);
    expect(await ask('/api/bleed-kits/nearby?lat=bad')).toEqual([]);
  });

  it('logs every other request, with the route and never the query', async () => {
    expect(await ask('/api/reset-password?token=secret')).toEqual([{ route: 'unmatched', status: 200 }]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it("writes the finder's refusals in the same line, with the route and never the query", () => {
    lines.length = 0;
    finderFailureLog(logger)({ method: 'GET', url: '/api/bleed-kits/nearby?lat=bad&token=secret' } as never, 400, 1.26, 'abc');
    expect(lines).toEqual([{ msg: 'request', method: 'GET', route: '/api/bleed-kits/nearby', status: 400, durationMs: 1.3, traceId: 'abc' }]);
  });
});
