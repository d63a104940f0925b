import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../test/stack-harness';
import { ApiDescription } from '../../test/described-answers';
import { HttpClient } from '../../test/http-client';
import { OPERATION_EXAMPLES } from './examples';
import { FEED_PUSH_BATCH_EXAMPLE, FEED_PUSH_WEBHOOK } from './feed-push-webhook';

const REDOCLY = path.resolve(__dirname, '../../../node_modules/.bin/redocly');

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { schema?: unknown; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown; example?: unknown }>; headers?: Record<string, unknown> }>;
};
type Description = {
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  tags?: { name: string }[];
};

/** Issue 30: the description an integrator builds against says, for every operation, what it answers and who may call it. */
describe('the OpenAPI description at /api/docs', () => {
  let stack: Stack;
  let doc: Description;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([template, item]) =>
      Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${template}`, op })),
    );

  beforeAll(async () => {
    // Nothing but the gateway is needed to describe it.
    stack = await startStack({ contexts: [] });
    doc = (await new HttpClient(stack.baseUrl).get('/api/docs/openapi.json')).body as Description;
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(() => stack?.close());

  it('leaves no operation without a summary, a security requirement, a context tag or a schema for each success', () => {
    const tags = new Set((doc.tags ?? []).map((t) => t.name));
    const lacking = operations().flatMap(({ name, op }) => {
      const successes = Object.entries(op.responses).filter(([status]) => /^2/.test(status));
      const redirects = Object.entries(op.responses).filter(([status, r]) => /^3\d\d$/.test(status) && r.headers?.Location);
      return [
        ...(op.summary?.trim() ? [] : [`${name}: no summary`]),
        // An empty list is the declaration that a call is public.
        ...(Array.isArray(op.security) ? [] : [`${name}: no security requirement`]),
        ...(op.tags?.length && op.tags.every((t) => tags.has(t)) ? [] : [`${name}: no tag of a context (${op.tags?.join(', ') ?? 'none'})`]),
        ...(successes.length || redirects.length ? [] : [`${name}: no success response`]),
        ...successes
          .filter(([, r]) => !r.content || !Object.values(r.content).every((m) => m.schema))
          .map(([status]) => `${name}: ${status} without a response schema`),
      ];
    });
    expect(operations().length).toBeGreaterThan(80);
    expect(lacking).toEqual([]);
  });

  it('declares the session cookie for signed-in calls and the admin role for admin calls', () => {
    const byId = new Map(operations().map(({ op }) => [op.operationId, op]));
    expect(byId.get('ConfigController_settings')?.security).toEqual([]);
    expect(byId.get('KitsController_register')?.security).toEqual([{ session: [] }]);
    expect(byId.get('KitsController_register')).toMatchObject({ 'x-required-role': 'user' });
    expect(byId.get('AuditController_page')).toMatchObject({ security: [{ session: [] }], 'x-required-role': 'admin' });
    expect(byId.get('AmbulanceFeedController_kits')?.security).toEqual([{ 'ambulance-feed-key': [] }]);
    // Every refusal is the one error body.
    expect(byId.get('AuditController_page')?.responses['403'].content?.['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    });
  });

  it('gives examples of the main bodies and answers, each one valid against the schema it illustrates', async () => {
    const byId = new Map(operations().map(({ op }) => [op.operationId, op]));
    const jsonOf = (content: Record<string, { example?: unknown }> | undefined) =>
      Object.entries(content ?? {}).find(([media]) => media.split(';')[0] === 'application/json')?.[1].example;
    const given = Object.entries(OPERATION_EXAMPLES).flatMap(([id, examples]) => {
      const op = byId.get(id);
      return [
        ...(examples.request === undefined ? [] : [[`${id} request`, jsonOf(op?.requestBody?.content) !== undefined]]),
        ...Object.keys(examples.answers ?? {}).map((status) => [`${id} ${status}`, jsonOf(op?.responses[status]?.content) !== undefined]),
      ];
    });
    expect(given.filter(([, present]) => !present)).toEqual([]);
    // The push batch a feed client's webhook receives.
    expect(doc.webhooks?.[FEED_PUSH_WEBHOOK]?.post.requestBody?.content?.['application/json'].example).toEqual(FEED_PUSH_BATCH_EXAMPLE);
    expect(given.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'KitsController_register request',
        'KitsController_register 201',
        'FinderFastPath_viewport 200',
        'FinderFastPath_nearby 200',
        'AmbulanceFeedController_kits 200',
        'FeedClientsController_create request',
        'FeedClientsController_create 201',
        'FeedPushController_deliveries 200',
      ]),
    );
    const { count, problems } = (await ApiDescription.for(stack.baseUrl)).exampleProblems();
    // The operations' examples above, the error body's, and the properties' own (DTOs and feed models).
    expect(count).toBeGreaterThan(given.length + 20);
    expect(problems).toEqual([]);
  });

  it("passes Redocly's recommended ruleset with no error", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bk-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const lint = await promisify(execFile)(REDOCLY, ['lint', '--extends', 'recommended', '--format', 'summary', file], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }).then(
        (done) => ({ code: 0, output: done.stdout + done.stderr }),
        (failed: { code?: number; stdout?: string; stderr?: string }) => ({ code: failed.code ?? 1, output: `${failed.stdout}${failed.stderr}` }),
      );
      expect({ code: lint.code, errors: lint.output.split('\n').filter((l) => /^error\b|Something went wrong/.test(l)) }).toEqual({
        code: 0,
        errors: [],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
