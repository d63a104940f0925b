import { type AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { HttpWebhookSender } from './http-webhook-sender';

/** The sender over a real HTTP receiver on 127.0.0.1. */
describe(HttpWebhookSender.name, () => {
  let server: Server;
  let port: number;
  const received: { path: string; body: string; signature?: string }[] = [];
  let answer = 204;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body, signature: req.headers['webhook-signature'] as string | undefined });
        res
          .writeHead(answer, answer === 302 ? { location: 'https://elsewhere.example/' } : {})
          .end(answer >= 400 ? 'receiver is down for maintenance' : '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    received.length = 0;
    answer = 204;
  });

  const post = (nodeEnv: 'production' | 'development', url: string) =>
    new HttpWebhookSender({ FEED_PUSH_TIMEOUT_MS: 2000, NODE_ENV: nodeEnv }).post({
      url,
      headers: { 'webhook-signature': 'v1,x' },
      body: '{"records":[]}',
    });

  it('posts the batch with its headers and counts only a 2xx as delivered', async () => {
    expect(await post('development', `http://127.0.0.1:${port}/feed`)).toMatchObject({ delivered: true, httpStatus: 204, error: null });
    expect(received).toEqual([{ path: '/feed', body: '{"records":[]}', signature: 'v1,x' }]);
    answer = 503;
    expect(await post('development', `http://127.0.0.1:${port}/feed`)).toMatchObject({
      delivered: false,
      httpStatus: 503,
      error: 'HTTP 503: receiver is down for maintenance',
    });
    answer = 302;
    expect(await post('development', `http://127.0.0.1:${port}/feed`)).toMatchObject({ delivered: false, httpStatus: 302 });
  });

  it('in production sends nothing to a host whose name resolves to a loopback address', async () => {
    const outcome = await post('production', `http://localhost:${port}/feed`);
    expect(outcome).toMatchObject({
      delivered: false,
      httpStatus: null,
      error: expect.stringMatching(/^Not sent: the webhook host resolves to (127\.0\.0\.1|::1), a private address$/),
    });
    expect(received).toEqual([]);
  });

  it('answers a receiver that is not there as a failure, never a throw', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const gone = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await post('development', `http://127.0.0.1:${gone}/feed`)).toMatchObject({ delivered: false, httpStatus: null, error: 'ECONNREFUSED' });
  });
});
