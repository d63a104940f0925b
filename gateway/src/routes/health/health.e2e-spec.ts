import { SERVICE_CONTEXTS } from '@bleedkits/contracts';
import { HttpClient } from '../../../test/http-client';
import { type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../../test/stack-harness';

describe('GET /api/health', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => stack?.close());

  it('reports all seven services up with their NATS round trip', async () => {
    const res = await new HttpClient(stack.baseUrl).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('up');
    expect(Object.keys(res.body.services).sort()).toEqual([...SERVICE_CONTEXTS].sort());
    for (const s of Object.values(res.body.services) as { status: string; latencyMs: number }[]) {
      expect(s.status).toBe('up');
      expect(s.latencyMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('answers 503 naming the service that is down', async () => {
    await stack.stopService('backups');
    const res = await new HttpClient(stack.baseUrl).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('down');
    expect(res.body.services.backups.status).toBe('down');
    expect(res.body.services.identity.status).toBe('up');
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await new HttpClient(stack.baseUrl).get('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/admin/user-management', '/api/health']),
    );
    expect((await new HttpClient(stack.baseUrl).get('/api/docs')).status).toBe(200);
  });

  it('answers an unknown /api path with a JSON 404, and a 5xx never carries a stack', async () => {
    const res = await new HttpClient(stack.baseUrl).get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.message).toBeDefined();
  });
});
