import { Client } from 'pg';
import { type AdminKit, type AdminUserRow, type Kit } from '@bleedkits/contracts';
import { IdentitySubjects, KitsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { HttpClient } from '../../test/http-client';
import { ADMIN, type Stack, startStack } from '../../test/stack-harness';
import { seedRegister } from '../routes/ambulance-feed/testing/seed-register';

const ACTIVE = 15_000;
const PENDING = 5_000;
const USERS = 20_000;
const OWNED = 3_500;
/** 20,000 kits in the admin view take tens of seconds on a loaded two-core machine (the view computes verification dates per kit). */
const LIST_TIMEOUT_MS = 180_000;

/**
 * Acceptance 3 of the ambulance-feed issue: the lists that used to travel in one NATS reply (all kits, pending kits,
 * the admin user list, a custodian's own kits) answer correctly at 20,000 kits and 20,000 users. NATS refuses any
 * message over 1 MB, so a correct answer is one that was read in parts; the parts are counted too.
 */
describe('lists that grow with the register, at 20,000 kits', () => {
  let stack: Stack;
  let admin: HttpClient;
  let owner: HttpClient;
  let spy: NatsBus;
  let ownerId: string;
  let userIds: string[];
  let activeIds: number[];
  let pendingIds: number[];
  let ownedIds: number[];

  beforeAll(async () => {
    stack = await startStack({ contexts: ['identity', 'kits'], gatewayEnv: { NATS_REQUEST_TIMEOUT_MS: '10000' } });
    admin = new HttpClient(stack.baseUrl);
    owner = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    const registered = await owner.post('/api/auth/register', {
      email: 'big-org@example.org',
      password: 'Str0ng!pass',
      firstName: 'Big',
      lastName: 'Org',
    });
    ownerId = registered.body.user.id;
    const db = new Client({ connectionString: stack.db.url });
    await db.connect();
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO identity.users (email, first_name, last_name) SELECT 'member' || i || '@example.org', 'Member', 'No ' || i FROM generate_series(1, $1::int) i RETURNING id`,
      [USERS],
    );
    await db.end();
    userIds = rows.map((r) => r.id);
    ownedIds = await seedRegister(stack.db.url, { count: OWNED, services: ['north_west', 'london'], owners: [ownerId], serialPrefix: 'ORG' });
    activeIds = [
      ...ownedIds,
      ...(await seedRegister(stack.db.url, { count: ACTIVE - OWNED, services: ['welsh', 'yorkshire', 'scottish'], owners: userIds.slice(0, 500) })),
    ];
    pendingIds = await seedRegister(stack.db.url, {
      count: PENDING,
      services: ['north_east'],
      status: 'pending',
      owners: [null],
      serialPrefix: 'PEND',
    });
    spy = new NatsBus({ servers: stack.nats.url, name: 'list-spy', requestTimeoutMs: 2000 });
    await spy.whenConnected();
  }, 120_000);
  afterAll(async () => {
    await spy?.close();
    await stack?.close();
  });

  /** Counts the requests on a subject while `work` runs. */
  async function counting<T>(subject: string, work: () => Promise<T>): Promise<{ result: T; parts: number }> {
    let parts = 0;
    const sub = spy.subscribe(subject, () => parts++);
    await new Promise((r) => setTimeout(r, 50));
    try {
      const result = await work();
      return { result, parts };
    } finally {
      sub.unsubscribe();
    }
  }

  it(
    'GET /api/test-kits answers every kit once, newest first, with owner e-mails',
    async () => {
      const { result: res, parts } = await counting(KitsSubjects.adminList, () => admin.get('/api/test-kits'));
      expect(res.status).toBe(200);
      const kits = res.body as AdminKit[];
      expect(kits).toHaveLength(ACTIVE + PENDING);
      const ids = kits.map((k) => k.id);
      expect(new Set(ids)).toEqual(new Set([...activeIds, ...pendingIds]));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(parts).toBeGreaterThanOrEqual(20);
      expect(kits.find((k) => k.id === ownedIds[0])).toMatchObject({ userEmail: 'big-org@example.org', status: 'active', isOverdue: false });
      const memberKit = kits.find((k) => k.serialNumber === 'SEED-1')!;
      expect(memberKit.userEmail).toMatch(/^member\d+@example\.org$/);
      expect(kits.filter((k) => k.cabinetCode).length).toBe(kits.filter((k) => k.locationType === 'locked_cabinet').length);
    },
    LIST_TIMEOUT_MS,
  );

  it(
    'GET /api/admin/pending-kits-working answers exactly the 5,000 pending kits',
    async () => {
      const res = await admin.get('/api/admin/pending-kits-working');
      expect(res.status).toBe(200);
      const kits = res.body as AdminKit[];
      expect(kits.map((k) => k.id).sort((a, b) => a - b)).toEqual([...pendingIds].sort((a, b) => a - b));
      expect(kits.every((k) => k.status === 'pending' && k.userEmail === null)).toBe(true);
    },
    LIST_TIMEOUT_MS,
  );

  it(
    'GET /api/admin/user-management answers all 20,002 users once with their kit counts',
    async () => {
      const { result: res, parts } = await counting(IdentitySubjects.listUsers, () => admin.get('/api/admin/user-management'));
      expect(res.status).toBe(200);
      const users = (res.body as { users: AdminUserRow[] }).users;
      expect(users).toHaveLength(USERS + 2);
      expect(new Set(users.map((u) => u.id)).size).toBe(USERS + 2);
      expect(parts).toBeGreaterThanOrEqual(20);
      expect(users.find((u) => u.id === ownerId)?.kit_count).toBe(OWNED);
      const counted = users.filter((u) => userIds.slice(0, 500).includes(u.id)).reduce((n, u) => n + u.kit_count, 0);
      expect(counted).toBe(ACTIVE - OWNED);
      expect(users.filter((u) => u.kit_count > 0)).toHaveLength(501);
    },
    LIST_TIMEOUT_MS,
  );

  it(
    "GET /api/bleed-kits/user answers an organisation's 3,500 kits",
    async () => {
      const res = await owner.get('/api/bleed-kits/user');
      expect(res.status).toBe(200);
      const body = res.body as { kits: Kit[]; userRole: string };
      expect(body.userRole).toBe('user');
      expect(body.kits.map((k) => k.id).sort((a, b) => a - b)).toEqual([...ownedIds].sort((a, b) => a - b));
      expect(body.kits.every((k) => k.userEmail === 'big-org@example.org')).toBe(true);
    },
    LIST_TIMEOUT_MS,
  );

  it('answers an error status, never an empty list, when the kits service cannot answer', async () => {
    await stack.stopService('kits');
    const res = await admin.get('/api/test-kits');
    expect(res.status).toBe(503);
    expect(res.body.message).toBeTruthy();
    await stack.startService('kits');
    expect((await admin.get('/api/admin/pending-kits-working')).body).toHaveLength(PENDING);
  });
});
