import { connect } from 'node:net';
import type { Server } from 'node:http';
import { readGatewayEnv } from '../config/env';
import { type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../test/stack-harness';

/** Opens a raw connection, writes `start`, then `drip()` every `everyMs` until the server closes it. */
function dripUntilClosed(baseUrl: string, start: string, drip: () => string, everyMs: number): Promise<{ closedAfterMs: number; answer: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const began = performance.now();
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(start);
      timer = setInterval(() => {
        const next = drip();
        if (next && !socket.destroyed && socket.writable) socket.write(next);
      }, everyMs);
    });
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    socket.on('error', () => undefined); // a write racing the server's close
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedAfterMs: performance.now() - began, answer });
    });
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error('the server never closed the connection'));
    }, 20_000).unref();
  });
}

/** Acceptance 5 of the hardening issue: slow clients are cut off within the configured timeouts. */
describe('slow clients', () => {
  const HEADERS_MS = 1500;
  const REQUEST_MS = 3000;
  const CHECK_MS = 250;
  /** Scheduling slack on a busy machine: a connection is checked every CHECK_MS, plus event-loop delays. */
  const SLACK_MS = CHECK_MS + 1000;
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      contexts: [],
      gatewayEnv: {
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
        HTTP_TIMEOUT_CHECK_INTERVAL_MS: String(CHECK_MS),
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
      },
    });
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => stack?.close());

  it('defaults to 10 s for headers, 30 s for the whole request and 5 s for idle keep-alive, and applies what is configured', () => {
    expect(readGatewayEnv({})).toMatchObject({ HTTP_HEADERS_TIMEOUT_MS: 10_000, HTTP_REQUEST_TIMEOUT_MS: 30_000, HTTP_KEEP_ALIVE_TIMEOUT_MS: 5_000 });
    expect(() => readGatewayEnv({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
    const server = stack.gateway.app.getHttpServer() as Server;
    expect({ headers: server.headersTimeout, request: server.requestTimeout, keepAlive: server.keepAliveTimeout }).toEqual({
      headers: HEADERS_MS,
      request: REQUEST_MS,
      keepAlive: 1000,
    });
  });

  it('answers 408 and closes a connection whose headers trickle in, once HTTP_HEADERS_TIMEOUT_MS has passed', async () => {
    let n = 0;
    const { closedAfterMs, answer } = await dripUntilClosed(
      stack.baseUrl,
      'GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      () => `X-Slow-${n++}: a\r\n`,
      200,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 100);
    expect(closedAfterMs).toBeLessThan(HEADERS_MS + SLACK_MS);
  });

  it('answers 408 and closes a connection whose body trickles in at 5 bytes/s, once HTTP_REQUEST_TIMEOUT_MS has passed', async () => {
    const head = 'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{';
    const { closedAfterMs, answer } = await dripUntilClosed(stack.baseUrl, head, () => ' ', 200);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    expect(closedAfterMs).toBeLessThan(REQUEST_MS + SLACK_MS);
  });

  it('closes an idle keep-alive connection after HTTP_KEEP_ALIVE_TIMEOUT_MS', async () => {
    const { closedAfterMs, answer } = await dripUntilClosed(stack.baseUrl, 'GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', () => '', 200);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    // Node 20 closes an idle socket one second after keepAliveTimeout (its guard against racing a client's reuse).
    expect(closedAfterMs).toBeGreaterThanOrEqual(1000);
    expect(closedAfterMs).toBeLessThan(1000 + 1000 + SLACK_MS);
  });
});
