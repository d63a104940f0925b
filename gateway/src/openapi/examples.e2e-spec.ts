import type { CreateFeedClientResponse, Kit } from '@bleedkits/contracts';
import { HttpClient } from '../../test/http-client';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../test/stack-harness';
import { ERROR_EXAMPLES, INVALID_REGISTRATION, OPERATION_EXAMPLES } from './examples';

/** What the register assigns itself, which an example can only show one instance of. */
const ASSIGNED = ['id', 'userId', 'userEmail', 'createdAt', 'updatedAt', 'revision', 'ambulanceService', 'nextVerificationDue'] as const;

/**
 * Issue 30: the request examples in /api/docs are requests the register takes, and their answers' examples are what
 * it answers to them (beyond the schema check of api-description.e2e-spec.ts, which any well-typed value passes).
 */
describe('the OpenAPI examples, sent to the register', () => {
  let stack: Stack;
  let admin: HttpClient;
  beforeAll(async () => {
    stack = await startStack({ contexts: ['identity', 'kits'], serviceEnv: { kits: { POSTCODES_IO_BASE_URL: 'off' } } });
    admin = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(() => stack?.close());

  it('registers the kit of the register example and answers the kit of its answer example', async () => {
    const { request, answers } = OPERATION_EXAMPLES.KitsController_register;
    const res = await admin.post('/api/bleed-kits', request);
    expect(res.status).toBe(201);
    const expected = { ...(answers?.['201'] as Kit) } as Partial<Kit>;
    for (const field of ASSIGNED) delete expected[field];
    expect(res.body).toMatchObject(expected);
  });

  it('answers the error example to the registration it stands for', async () => {
    const res = await admin.post('/api/bleed-kits', INVALID_REGISTRATION);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: ERROR_EXAMPLES[0] });
    expect(OPERATION_EXAMPLES.KitsController_register.answers?.['400']).toEqual(ERROR_EXAMPLES[0]);
  });

  it('creates the feed client of the example', async () => {
    const { request, answers } = OPERATION_EXAMPLES.FeedClientsController_create;
    const res = await admin.post('/api/admin/ambulance-feed/clients', request);
    expect(res.status).toBe(201);
    const example = answers?.['201'] as CreateFeedClientResponse;
    expect(res.body).toMatchObject({
      client: { label: example.client.label, scope: example.client.scope, lastUsedAt: null, revokedAt: null },
      message: example.message,
    });
    const created = res.body as CreateFeedClientResponse;
    // The key and its shown prefix have the example's form.
    expect(created.key.startsWith(created.client.keyPrefix)).toBe(true);
    expect(example.key.startsWith(example.client.keyPrefix)).toBe(true);
    expect(created.key.slice(0, 4)).toBe(example.key.slice(0, 4));
  });
});
