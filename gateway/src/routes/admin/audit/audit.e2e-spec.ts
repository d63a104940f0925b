import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { AUDIT_REDACTED, type AuditEntry, type EmailTemplateListResponse } from '@bleedkits/contracts';
import { type DropboxFake, startDropboxFake } from '@bleedkits/backups';
import { HttpClient } from '../../../../test/http-client';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../../../test/stack-harness';

const password = 'Str0ng!pass';
/** Cabinet codes of this spec: none may appear anywhere in an audit answer. */
const CODES = ['C0DE-4711', 'C0DE-9902'];
let serial = 0;
const kit = (overrides: Record<string, unknown> = {}) => ({
  serialNumber: `AUD-${++serial}`,
  make: 'mere',
  locationType: 'locked_cabinet',
  cabinetCode: CODES[0],
  locationName: `Audit Hall ${serial}`,
  addressLine1: '1 Market Street',
  city: 'Altrincham',
  postcode: 'WA14 1PF',
  latitude: '53.3875',
  longitude: '-2.3490',
  purchaseDate: '2025-01-01',
  expiryDate: '2028-01-01',
  custodianName: 'Chris Custodian',
  custodianPhone: '01619125920',
  custodianEmail: 'chris@example.org',
  ...overrides,
});

type Page = { items: AuditEntry[]; next: string | null };

/** Acceptance 4 of issue 25: each admin action is one entry with actor and before / after; no code in clear; paged and filtered. */
describe('/api/admin/audit over HTTP', () => {
  let stack: Stack;
  let dropbox: DropboxFake;
  let backupDir: string;
  let admin: HttpClient;
  let owner: HttpClient;
  let adminId: string;

  const audit = async (query = ''): Promise<Page> => {
    const res = await admin.get(`/api/admin/audit${query}`);
    expect({ status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({ status: 200, body: 'ok' });
    for (const code of CODES) expect(res.text).not.toContain(code);
    return res.body as Page;
  };
  const register = async () => {
    const res = await owner.post('/api/bleed-kits', kit());
    expect(res.status).toBe(201);
    return res.body as { id: number };
  };

  beforeAll(async () => {
    dropbox = await startDropboxFake();
    backupDir = await mkdtemp(path.join(os.tmpdir(), 'bk-e2e-audit-'));
    stack = await startStack({
      contexts: ['identity', 'kits', 'notifications', 'backups'],
      serviceEnv: {
        kits: { POSTCODES_IO_BASE_URL: 'off' },
        backups: {
          BACKUP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          BACKUP_DIR: backupDir,
          BACKUP_SCHEDULE_ENABLED: 'false',
          DROPBOX_API_URL: dropbox.url,
          DROPBOX_CONTENT_URL: dropbox.url,
          DROPBOX_APP_KEY: dropbox.appKey,
          DROPBOX_AUTHORIZE_URL: dropbox.authorizeUrl,
        },
      },
    });
    admin = new HttpClient(stack.baseUrl);
    owner = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    adminId = (await admin.get('/api/auth/user')).body.user.id;
    await owner.post('/api/auth/register', { email: 'audit.owner@example.org', password, firstName: 'Aud', lastName: 'Owner' });
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await stack?.close();
    await dropbox?.close();
    if (backupDir) await rm(backupDir, { recursive: true, force: true });
  });

  it('is for admins only: 401 signed out, 403 to a user', async () => {
    expect((await new HttpClient(stack.baseUrl).get('/api/admin/audit')).status).toBe(401);
    expect((await owner.get('/api/admin/audit')).status).toBe(403);
  });

  it("records the admin's sign-in", async () => {
    const signIns = await audit('?action=admin.signed-in');
    expect(signIns.items[0]).toMatchObject({ actor: { id: adminId, email: ADMIN.email, role: 'admin' }, target: { type: 'user', id: adminId } });
  });

  it('records approve, reject, edit (a code only as changed) and delete of a kit, one entry each, and a kit answers its own history', async () => {
    const approved = await register();
    const rejected = await register();
    expect((await admin.get(`/api/kit-status?id=${approved.id}&status=active`)).status).toBe(200);
    expect((await admin.get(`/api/kit-status?id=${rejected.id}&status=rejected`)).status).toBe(200);
    const edited = await admin.put('/api/admin/kit-edit', { kitId: approved.id, data: { locationName: 'Renamed Hall', cabinetCode: CODES[1] } });
    expect(edited.status).toBe(200);
    expect((await admin.delete(`/api/admin/bleed-kits?kitId=${rejected.id}`)).status).toBe(200);

    const actor = { id: adminId, email: ADMIN.email, role: 'admin' };
    const history = await audit(`?targetType=kit&targetId=${approved.id}`);
    expect(history.items.map((e) => e.action)).toEqual(['kit.edited', 'kit.approved']);
    expect(history.items[1]).toMatchObject({ actor, before: { status: 'pending' }, after: { status: 'active' } });
    expect(history.items[0]).toMatchObject({ actor, target: { type: 'kit', id: String(approved.id) } });
    expect(history.items[0].before).toEqual({ locationName: expect.stringMatching(/^Audit Hall/), cabinetCode: AUDIT_REDACTED });
    expect(history.items[0].after).toEqual({ locationName: 'Renamed Hall', cabinetCode: AUDIT_REDACTED });

    const other = await audit(`?targetType=kit&targetId=${rejected.id}`);
    expect(other.items.map((e) => e.action)).toEqual(['kit.deleted', 'kit.rejected']);
    expect(other.items[0]).toMatchObject({ actor, after: null, before: expect.objectContaining({ cabinetCode: AUDIT_REDACTED }) });
    expect(other.items[1]).toMatchObject({ before: { status: 'pending' }, after: { status: 'rejected' } });
  });

  it('records each kit of a bulk approval as its own approval', async () => {
    const kit = await register();
    expect((await admin.post('/api/admin/bulk-approve', { kitIds: [kit.id] })).status).toBe(201);
    const { items } = await audit(`?targetType=kit&targetId=${kit.id}`);
    expect(items).toEqual([expect.objectContaining({ action: 'kit.approved', before: { status: 'pending' }, after: { status: 'active' } })]);
  });

  it('records an edit, a role change, a password reset and a user deletion, one entry each', async () => {
    const someone = new HttpClient(stack.baseUrl);
    await someone.post('/api/auth/register', { email: 'audit.someone@example.org', password, firstName: 'Some', lastName: 'One' });
    const userId = (await someone.get('/api/auth/user')).body.user.id as string;
    const edit = { userId, firstName: 'Someone', lastName: 'One', email: 'audit.someone@example.org' };
    expect((await admin.put('/api/admin/user-management', edit)).status).toBe(200);
    expect((await admin.post('/api/admin/user-management', { action: 'toggle_role', userId })).status).toBe(201);
    expect((await admin.post('/api/admin/user-management', { action: 'toggle_role', userId })).status).toBe(201);
    expect((await admin.post('/api/admin/user-management', { action: 'reset_password', userId })).status).toBe(201);
    expect((await admin.delete(`/api/admin/user-management?userId=${userId}`)).status).toBe(200);

    const trail = await audit(`?targetType=user&targetId=${userId}`);
    expect(trail.items.map((e) => [e.action, e.before, e.after])).toEqual([
      ['user.deleted', expect.objectContaining({ email: 'audit.someone@example.org', role: 'user' }), null],
      ['user.password-reset-sent', { token: AUDIT_REDACTED }, { token: AUDIT_REDACTED }],
      ['user.role-changed', { role: 'admin' }, { role: 'user' }],
      ['user.role-changed', { role: 'user' }, { role: 'admin' }],
      ['user.edited', { firstName: 'Some' }, { firstName: 'Someone' }],
    ]);
    for (const entry of trail.items) expect(entry.actor).toEqual({ id: adminId, email: ADMIN.email, role: 'admin' });
  });

  it('records a download of the approved kits (their cabinet codes) as one entry, without a code', async () => {
    const download = await admin.post('/api/admin/download-approved-kits');
    expect(download.status).toBe(200);
    // The kits approved above are in the file, one with its new code: the trail must not carry it.
    expect(JSON.stringify(download.body)).toContain(CODES[1]);
    const { items } = await audit('?action=codes.downloaded');
    expect(items).toEqual([
      expect.objectContaining({
        actor: { id: adminId, email: ADMIN.email, role: 'admin' },
        before: null,
        after: { kitCount: 2, withdrawalCount: 0 },
      }),
    ]);
  });

  it('records a feed key created and revoked, one entry each, never the key', async () => {
    const created = await admin.post('/api/admin/ambulance-feed/clients', { scope: 'north_west', label: 'NWAS CAD' });
    expect(created.status).toBe(201);
    const { client, key } = created.body as { client: { id: string; keyPrefix: string }; key: string };
    expect((await admin.delete(`/api/admin/ambulance-feed/clients/${client.id}`)).status).toBe(200);
    const res = await admin.get(`/api/admin/audit?targetType=feed-key&targetId=${client.id}`);
    expect(res.text).not.toContain(key);
    expect((res.body as Page).items.map((e) => [e.action, e.actor.id, e.before, e.after])).toEqual([
      ['feed-key.revoked', adminId, { revokedAt: null }, { revokedAt: expect.any(String) }],
      ['feed-key.created', adminId, null, { label: 'NWAS CAD', scope: 'north_west', keyPrefix: client.keyPrefix }],
    ]);
  });

  it("records each change of where a feed client's push goes (webhook set, secret rotated), never the secret", async () => {
    const { client } = (await admin.post('/api/admin/ambulance-feed/clients', { scope: 'london', label: 'LAS CAD' })).body as {
      client: { id: string; keyPrefix: string };
    };
    const push = `/api/admin/ambulance-feed/clients/${client.id}/push`;
    const set = await admin.put(push, { url: 'https://cad.las.example/bleedkits' });
    expect(set.status).toBe(200);
    expect((await admin.put(push, { url: 'https://cad.las.example/v2' })).status).toBe(200);
    const rotated = await admin.post(`${push}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const res = await admin.get(`/api/admin/audit?targetType=feed-key&targetId=${client.id}`);
    expect(res.text).not.toContain(set.body.secret);
    expect(res.text).not.toContain(rotated.body.secret);
    expect((res.body as Page).items.map((e) => [e.action, e.actor.id, e.target.label, e.before, e.after])).toEqual([
      [
        'feed-push.secret-rotated',
        adminId,
        `LAS CAD (london, ${client.keyPrefix}…)`,
        { secret: 'changed', previousSecretValidUntil: null },
        { secret: 'changed', previousSecretValidUntil: rotated.body.subscription.previousSecretValidUntil },
      ],
      [
        'feed-push.set',
        adminId,
        `LAS CAD (london, ${client.keyPrefix}…)`,
        { url: 'https://cad.las.example/bleedkits' },
        { url: 'https://cad.las.example/v2' },
      ],
      ['feed-push.set', adminId, `LAS CAD (london, ${client.keyPrefix}…)`, null, { url: 'https://cad.las.example/bleedkits', secret: 'changed' }],
      [
        'feed-key.created',
        adminId,
        `LAS CAD (london, ${client.keyPrefix}…)`,
        null,
        { label: 'LAS CAD', scope: 'london', keyPrefix: client.keyPrefix },
      ],
    ]);
  });

  it('records a manufacturer added, renamed and removed, one entry each with its label before and after', async () => {
    const added = await admin.post('/api/admin/manufacturers', { name: 'Audit Aid' });
    expect(added.status).toBe(201);
    const value = added.body.value as string;
    expect((await admin.put('/api/admin/manufacturers', { value, label: 'Audit Aid Ltd' })).status).toBe(200);
    expect((await admin.delete(`/api/admin/manufacturers?value=${value}`)).status).toBe(200);
    const { items } = await audit(`?targetType=manufacturer&targetId=${value}`);
    expect(items.map((e) => [e.action, e.actor.id, e.before, e.after])).toEqual([
      ['manufacturer.removed', adminId, { label: 'Audit Aid Ltd' }, null],
      ['manufacturer.renamed', adminId, { label: added.body.label }, { label: 'Audit Aid Ltd' }],
      ['manufacturer.added', adminId, null, { label: added.body.label }],
    ]);
  });

  it('records an e-mail template edit, one entry with the texts before and after', async () => {
    const { templates } = (await admin.get('/api/admin/email-templates')).body as EmailTemplateListResponse;
    const reset = templates.find((t) => t.id === 'password_reset')!;
    const saved = await admin.put(`/api/admin/email-templates/${reset.id}`, {
      subject: `${reset.subject} (edited)`,
      htmlTemplate: reset.htmlTemplate,
      textTemplate: reset.textTemplate,
    });
    expect(saved.status).toBe(200);
    const { items } = await audit(`?targetType=email-template&targetId=${reset.id}`);
    expect(items.map((e) => [e.action, e.actor.id, e.before, e.after])).toEqual([
      ['email-template.edited', adminId, { subject: reset.subject }, { subject: `${reset.subject} (edited)` }],
    ]);
  });

  it('records Backup Now as one entry naming the admin and the backup, filterable by action', async () => {
    const started = await admin.post('/api/admin/backup');
    expect(started.status).toBe(202);
    const backupId = started.body.backup.id as string;
    const { items } = await audit('?action=backup.started');
    expect(items).toEqual([
      expect.objectContaining({
        actor: { id: adminId, email: ADMIN.email, role: 'admin' },
        action: 'backup.started',
        target: { type: 'backup', id: backupId, label: 'Manual backup' },
        before: null,
      }),
    ]);
    expect((await audit(`?targetType=backup&targetId=${backupId}`)).items.map((e) => e.id)).toEqual([items[0].id]);
  });

  it('records Dropbox connected (pasted token, then Connect Dropbox) and disconnected, one entry each, never a token', async () => {
    const PASTED = 'sl.audit-pasted-token-1234567890abcdef';
    dropbox.addToken(PASTED);
    expect((await admin.post('/api/admin/dropbox-setup', { token: PASTED })).status).toBe(200);

    const connect = await admin.post('/api/admin/dropbox/connect', {});
    expect(connect.status).toBe(200);
    const atDropbox = await fetch(new URL(connect.body.authorizeUrl as string), { redirect: 'manual' });
    const back = new URL(atDropbox.headers.get('location')!);
    const returned = await admin.get(`${back.pathname}${back.search}`);
    expect(returned.headers.get('location')).toBe('/admin/backups?dropbox=connected');
    const [refreshToken] = dropbox.refreshTokens();
    expect((await admin.post('/api/admin/dropbox/disconnect', {})).status).toBe(200);

    const res = await admin.get('/api/admin/audit?targetType=cloud-storage');
    expect(res.status).toBe(200);
    for (const secret of [PASTED, refreshToken, back.searchParams.get('code')!]) expect(res.text).not.toContain(secret);
    const actor = { id: adminId, email: ADMIN.email, role: 'admin' };
    const account = 'Register Backups <backups@example.org>';
    const target = { type: 'cloud-storage', id: 'dropbox', label: 'Dropbox' };
    expect((res.body as Page).items.map((e) => [e.action, e.actor, e.target, e.before, e.after])).toEqual([
      ['cloud-storage.disconnected', actor, target, { account }, null],
      ['cloud-storage.connected', actor, target, null, { account, method: 'oauth' }],
      ['cloud-storage.connected', actor, target, null, { account, method: 'pasted token' }],
    ]);
    expect((await audit('?action=cloud-storage.disconnected')).items.map((e) => e.action)).toEqual(['cloud-storage.disconnected']);
    expect((await audit('?action=cloud-storage.connected')).items).toHaveLength(2);
  });

  it('pages through every context newest first without a gap or a repeat, and filters by actor, action and date', async () => {
    const all = await audit('?limit=200');
    expect(all.next).toBeNull();
    const seen: AuditEntry[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: Page = await audit(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items);
      cursor = page.next;
    }
    expect(seen.map((e) => e.id)).toEqual(all.items.map((e) => e.id));
    expect(new Set(seen.map((e) => e.target.type))).toEqual(
      new Set(['kit', 'user', 'feed-key', 'download', 'email-template', 'manufacturer', 'backup', 'cloud-storage']),
    );

    expect((await audit(`?actorEmail=${encodeURIComponent('ADMIN@register')}&limit=200`)).items).toHaveLength(all.items.length);
    expect((await audit('?actorEmail=nobody-acted')).items).toEqual([]);
    expect((await audit('?action=kit.deleted')).items.map((e) => e.action)).toEqual(['kit.deleted']);
    expect((await audit('?to=2000-01-01')).items).toEqual([]);
    expect((await audit(`?from=${new Date(Date.now() - 3_600_000).toISOString()}&limit=200`)).items).toHaveLength(all.items.length);
  });

  it('keeps the trail append-only: an update or delete is refused, only the retention function removes old entries', async () => {
    const db = new Client({ connectionString: stack.db.url });
    await db.connect();
    try {
      for (const schema of ['kits', 'identity', 'notifications', 'backups']) {
        await expect(db.query(`UPDATE ${schema}.audit_entries SET actor_email = 'someone@else.org'`)).rejects.toThrow(/append-only/);
        await expect(db.query(`DELETE FROM ${schema}.audit_entries`)).rejects.toThrow(/append-only/);
        await db.query(
          `INSERT INTO ${schema}.audit_entries (at, actor_email, action, target_type, target_id, target_label)
           VALUES (now() - interval '731 days', 'long.gone@example.org', 'kit.edited', 'kit', '1', 'old')`,
        );
        const { rows } = await db.query(`SELECT ${schema}.purge_audit_entries(now() - interval '730 days') AS removed`);
        expect(rows).toEqual([{ removed: '1' }]);
      }
      expect((await audit('?limit=200')).items.length).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
  });

  it('refuses a bad filter or cursor with a 400 in words', async () => {
    for (const query of ['?action=kit.exploded', '?from=yesterday', '?limit=0', '?cursor=not-ours', '?targetType=planet']) {
      const res = await admin.get(`/api/admin/audit${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});
