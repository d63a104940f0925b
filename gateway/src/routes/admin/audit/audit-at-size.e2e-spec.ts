import { Client } from 'pg';
import { AUDIT_PAGE_MAX_BYTES, type AuditEntry } from '@bleedkits/contracts';
import { IdentitySubjects, KitsSubjects, NotificationsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { HttpClient } from '../../../../test/http-client';
import { ADMIN, type Stack, startStack } from '../../../../test/stack-harness';

type Page = { items: AuditEntry[]; next: string | null };

/** Where the trail of each context lives; the gateway merges their pages. */
const TRAILS = ['kits', 'identity', 'notifications'] as const;
const ENTRIES = 20_000;
/** Template edits keep both texts: a few entries this large would take a 200-entry page past NATS's 1 MB by count alone. */
const LARGE_TEXT = 'Dear custodian, '.repeat(1_200);

/**
 * The audit page at the size of a register that has run for years (issue 25): 20,000 entries across three contexts,
 * some of them template edits of ~20 KB, are read page by page, newest first, each entry exactly once, and every
 * context's answer stays under NATS's 1 MB (an answer over it would fail the request, not shorten it).
 */
describe('/api/admin/audit at 20,000 entries', () => {
  let stack: Stack;
  let admin: HttpClient;
  let db: Client;

  beforeAll(async () => {
    stack = await startStack({ contexts: ['identity', 'kits', 'notifications', 'backups'], serviceEnv: { kits: { POSTCODES_IO_BASE_URL: 'off' } } });
    admin = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    db = new Client({ connectionString: stack.db.url });
    await db.connect();
    // One entry in fifty is a large template edit; the times are spread over a year, some sharing a second across contexts.
    for (const [i, schema] of TRAILS.entries()) {
      await db.query(
        `INSERT INTO ${schema}.audit_entries (at, actor_email, actor_role, action, target_type, target_id, target_label, before, after)
         SELECT now() - make_interval(secs => ((n * 3 + $1::int) / 2) * 1500),
                'admin' || (n % 7) || '@register.example', 'admin',
                CASE WHEN n % 50 = 0 THEN 'email-template.edited' ELSE 'kit.edited' END,
                CASE WHEN n % 50 = 0 THEN 'email-template' ELSE 'kit' END,
                (n % 500)::text, 'Target ' || n,
                CASE WHEN n % 50 = 0 THEN jsonb_build_object('body', $2::text || n) ELSE jsonb_build_object('locationName', 'Hall ' || n) END,
                CASE WHEN n % 50 = 0 THEN jsonb_build_object('body', $2::text || (n + 1)) ELSE jsonb_build_object('locationName', 'Hall ' || (n + 1)) END
         FROM generate_series(1, $3::int) AS n`,
        [i, LARGE_TEXT, Math.ceil(ENTRIES / TRAILS.length)],
      );
    }
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await stack?.close();
  });

  /** Reads every page of a query; checks order and uniqueness on the way. */
  async function readAll(query: string): Promise<{ ids: Set<string>; pages: number; largestAnswer: number }> {
    const ids = new Set<string>();
    let previous: AuditEntry | null = null;
    let cursor: string | null = '';
    let pages = 0;
    let largestAnswer = 0;
    while (cursor !== null) {
      const res = await admin.get(`/api/admin/audit?limit=200${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      largestAnswer = Math.max(largestAnswer, Buffer.byteLength(res.text));
      const page = res.body as Page;
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.length).toBeLessThanOrEqual(200);
      for (const entry of page.items) {
        expect(ids.has(entry.id)).toBe(false);
        ids.add(entry.id);
        if (previous) expect(Date.parse(entry.at)).toBeLessThanOrEqual(Date.parse(previous.at));
        previous = entry;
      }
      cursor = page.next;
      pages++;
    }
    return { ids, pages, largestAnswer };
  }

  const count = async (where = 'true') => {
    const parts = TRAILS.map((s) => `(SELECT count(*) FROM ${s}.audit_entries WHERE ${where})`).join(' + ');
    const { rows } = await db.query<{ total: string }>(`SELECT (${parts})::text AS total`);
    return Number(rows[0].total);
  };

  it('pages through every entry newest first, each exactly once', async () => {
    const total = await count();
    expect(total).toBeGreaterThanOrEqual(ENTRIES);
    const all = await readAll('');
    expect(all.ids.size).toBe(total);
  }, 240_000);

  it('cuts a page of large entries by size, and still loses none: every context answer under 1 MB', async () => {
    const large = await count(`action = 'email-template.edited'`);
    expect(large).toBeGreaterThan(300);
    // 200 of these would be ~7 MB from each context: each answer is cut at its byte cap, and the next page goes on from there.
    const edits = await readAll('&action=email-template.edited');
    expect(edits.ids.size).toBe(large);
    expect(edits.pages).toBeGreaterThan(Math.ceil(large / 200) * 3);
    // The merged answer is at most the three contexts' capped parts; each context's own answer is under NATS's limit.
    expect(edits.largestAnswer).toBeLessThanOrEqual(TRAILS.length * AUDIT_PAGE_MAX_BYTES + 64 * 1024);
    const bus = new NatsBus({ servers: stack.nats.url, name: 'audit-at-size', requestTimeoutMs: 10_000 });
    try {
      const me = (await admin.get('/api/auth/user')).body.user as { id: string };
      const actor = { id: me.id, email: ADMIN.email, role: 'admin' as const };
      for (const subject of [KitsSubjects.auditPage, IdentitySubjects.auditPage, NotificationsSubjects.auditPage]) {
        const page = await bus.request(subject, { actor, action: 'email-template.edited', limit: 200 });
        expect(page.items.length).toBeLessThan(200);
        expect(page.next).not.toBeNull();
        expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThan(1024 * 1024);
      }
    } finally {
      await bus.close();
    }
  }, 240_000);

  it('filters at size: one actor, one action, one target', async () => {
    const byActor = await admin.get('/api/admin/audit?limit=200&actorEmail=admin3%40register');
    expect(byActor.status).toBe(200);
    expect((byActor.body as Page).items.every((e) => e.actor.email === 'admin3@register.example')).toBe(true);
    const target = await admin.get('/api/admin/audit?limit=200&targetType=kit&targetId=7');
    const items = (target.body as Page).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((e) => e.target.type === 'kit' && e.target.id === '7')).toBe(true);
  }, 60_000);
});
