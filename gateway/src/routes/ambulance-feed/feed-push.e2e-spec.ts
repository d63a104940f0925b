import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  type CreateFeedClientResponse,
  type FeedPushLogResponse,
  FeedPushMessages,
  type FeedPushStatusResponse,
  type RotateFeedPushSecretResponse,
  type SetFeedPushResponse,
} from '@bleedkits/contracts';
import { exampleRegistration, readUntil } from '@bleedkits/platform/testing';
import { type FeedReceiver, createFeedReceiver } from '../../../../examples/feed-receiver/receiver';
import { HttpClient } from '../../../test/http-client';
import { ADMIN, type Stack, startStack } from '../../../test/stack-harness';

/**
 * Issue 30, the admin calls of push delivery over HTTP against the real stack: set a client's webhook (the secret
 * shown once), its status with lag, the delivery log, rotate, replay and resume; every answer is checked against
 * the OpenAPI description by HttpClient.
 */
describe('ambulance-feed push (admin calls)', () => {
  let stack: Stack;
  let admin: HttpClient;
  let owner: HttpClient;
  let server: Server;
  let receiver: FeedReceiver;
  let dir: string;
  let clientId: string;
  const base = () => `/api/admin/ambulance-feed/clients/${clientId}/push`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'feed-push-e2e-'));
    stack = await startStack({ contexts: ['identity', 'kits'], serviceEnv: { kits: { FEED_PUSH_SWEEP_MS: '200' } } });
    admin = new HttpClient(stack.baseUrl);
    owner = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    expect(
      (await owner.post('/api/auth/register', { email: 'push-owner@example.org', password: 'Str0ng!pass', firstName: 'Kit', lastName: 'Owner' }))
        .status,
    ).toBe(201);
    server = createServer((req, res) => receiver.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const created = (await admin.post('/api/admin/ambulance-feed/clients', { scope: 'north_west', label: 'NWAS CAD' }))
      .body as CreateFeedClientResponse;
    clientId = created.client.id;
  }, 120_000);
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await stack?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('sets the webhook with its secret shown once, refuses a non-https URL and a non-admin, and changes the URL keeping the secret', async () => {
    expect((await owner.put(base(), { url: 'https://x.example/' })).status).toBe(403);
    const bad = await admin.put(base(), { url: 'http://cad.nwas.example/feed' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(FeedPushMessages.urlDevelopment);
    expect(
      (await admin.put(`/api/admin/ambulance-feed/clients/00000000-0000-4000-8000-000000000000/push`, { url: 'https://x.example/' })).status,
    ).toBe(404);
    expect((await admin.get(base())).status).toBe(404);

    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`;
    const set = await admin.put(base(), { url });
    expect(set.status).toBe(200);
    const body = set.body as SetFeedPushResponse;
    expect(body).toMatchObject({ message: FeedPushMessages.created, subscription: { url, state: 'active', lagRecords: 0 } });
    expect(body.secret).toMatch(/^whsec_/);
    receiver = createFeedReceiver({ secrets: [body.secret!], file: path.join(dir, 'feed.ndjson') });
    const again = (await admin.put(base(), { url })).body as SetFeedPushResponse;
    expect(again).toMatchObject({ secret: null, message: FeedPushMessages.updated });
  });

  it('shows the subscription catching up, the delivery log, and replays from a cursor', async () => {
    const kit = (
      await owner.post(
        '/api/bleed-kits',
        exampleRegistration({ serialNumber: 'PUSH-E2E', locationType: 'locked_cabinet', cabinetCode: '5150', postcode: 'WA15 8FH' }),
      )
    ).body as { id: number };
    expect((await admin.post('/api/admin/bulk-approve', { kitIds: [kit.id] })).status).toBe(201);
    const caughtUp = await readUntil(
      async () => ((await admin.get(base())).body as FeedPushStatusResponse).subscription,
      (s) => s.lagRecords === 0 && s.deliveredAt !== null,
      15_000,
      100,
    );
    expect(receiver.batches().flatMap((b) => b.records)).toEqual([expect.objectContaining({ id: kit.id, cabinetCode: '5150' })]);
    const log = (await admin.get(`${base()}/deliveries?page=1&pageSize=10`)).body as FeedPushLogResponse;
    expect(log.data).toEqual([expect.objectContaining({ outcome: 'delivered', httpStatus: 200, records: 1, nextCursor: caughtUp.deliveredCursor })]);

    expect((await admin.post(`${base()}/replay`, { fromCursor: String(Number(caughtUp.deliveredCursor) + 1) })).status).toBe(400);
    const replayed = await admin.post(`${base()}/replay`, { fromCursor: log.data[0].afterCursor });
    expect(replayed.status).toBe(200);
    expect((replayed.body as FeedPushStatusResponse).subscription).toMatchObject({ deliveredCursor: log.data[0].afterCursor, lagRecords: 1 });
    // A replay is a new message (a new idempotency key), so the receiver applies the kit again.
    await readUntil(
      async () => receiver.batches(),
      (b) => b.length === 2,
      15_000,
      100,
    );
    const [first, again] = receiver.batches();
    expect(again.webhookId).not.toBe(first.webhookId);
    expect(again.records).toEqual(first.records);
  });

  it('sends a test event to the webhook and logs it', async () => {
    const asked = await admin.post(`${base()}/test`);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ message: FeedPushMessages.test });
    await readUntil(
      async () => receiver.batches(),
      (b) => b.some((x) => x.type === 'ambulance-feed.test' && x.records.length === 0),
      15_000,
      100,
    );
    const log = (await admin.get(`${base()}/deliveries`)).body as FeedPushLogResponse;
    expect(log.data[0]).toMatchObject({ type: 'ambulance-feed.test', outcome: 'delivered', records: 0 });
  });

  it('rotates the secret (shown once, the old one in overlap) and resumes', async () => {
    const rotated = await admin.post(`${base()}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const body = rotated.body as RotateFeedPushSecretResponse;
    expect(body.secret).toMatch(/^whsec_/);
    expect(body.subscription.previousSecretValidUntil).toEqual(expect.any(String));
    const resumed = await admin.post(`${base()}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ message: FeedPushMessages.resumed, subscription: { state: 'active' } });
  });
});
