import { Client } from 'pg';
import { ManufacturerMessages, NEVER_DOWNLOADED_SENTINEL, NO_NEW_APPROVED_KITS } from '@bleedkits/contracts';
import { HttpClient } from '../../../test/http-client';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../../test/stack-harness';

const password = 'Str0ng!pass';
let serial = 0;
const kit = (overrides: Record<string, unknown> = {}) => ({
  serialNumber: `ADM-${++serial}`,
  make: 'mere',
  locationType: 'unlocked_cabinet',
  locationName: `Community Centre ${serial}`,
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

/** Every admin call of the second spec's table that this issue builds, with a body that would otherwise be valid. */
const ADMIN_CALLS: [string, string, unknown?][] = [
  ['GET', '/api/admin/pending-kits-working'],
  ['GET', '/api/test-kits'],
  ['GET', '/api/kit-status?id=1&status=active'],
  ['POST', '/api/admin/bulk-approve', { kitIds: [1] }],
  ['DELETE', '/api/admin/bleed-kits?kitId=1'],
  ['PATCH', '/api/admin/bleed-kits/reassign', { kitId: 1, userId: null }],
  ['GET', '/api/admin/manufacturers'],
  ['POST', '/api/admin/manufacturers', { name: 'Acme' }],
  ['PUT', '/api/admin/manufacturers', { value: 'mere', label: 'Mere' }],
  ['DELETE', '/api/admin/manufacturers?value=mere'],
  ['GET', '/api/admin/download-approved-kits'],
  ['POST', '/api/admin/download-approved-kits'],
  ['POST', '/api/admin/fix-missing-addresses'],
  ['POST', '/api/admin/clean-serial-numbers'],
  ['POST', '/api/admin/update-ambulance-services'],
  ['GET', '/api/admin/user-management'],
];

describe('admin console calls over HTTP', () => {
  let stack: Stack;
  let admin: HttpClient;
  let owner: HttpClient;
  let db: Client;

  beforeAll(async () => {
    stack = await startStack({ contexts: ['identity', 'kits'], gatewayEnv: {} });
    admin = new HttpClient(stack.baseUrl);
    owner = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    await owner.post('/api/auth/register', { email: 'custodian@example.org', password, firstName: 'Cus', lastName: 'Todian' });
    db = new Client({ connectionString: stack.db.url });
    await db.connect();
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await db?.end();
    await stack?.close();
  });

  const register = async (overrides: Record<string, unknown> = {}) => {
    const res = await owner.post('/api/bleed-kits', kit(overrides));
    expect(res.status).toBe(201);
    return res.body as { id: number };
  };

  it('answers 401 signed out and 403 for a regular user on every admin call', async () => {
    const anon = new HttpClient(stack.baseUrl);
    for (const [method, path, body] of ADMIN_CALLS) {
      expect({ method, path, status: (await anon.request(method, path, body)).status }).toEqual({ method, path, status: 401 });
      expect({ method, path, status: (await owner.request(method, path, body)).status }).toEqual({ method, path, status: 403 });
    }
  });

  it('approves, rejects and reactivates through GET /api/kit-status, refusing wrong transitions and cross-site calls', async () => {
    const a = await register();
    const crossSite = await admin.get(`/api/kit-status?id=${a.id}&status=active`, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const fromEvil = await admin.get(`/api/kit-status?id=${a.id}&status=active`, { origin: 'https://evil.example' });
    expect(fromEvil.status).toBe(403);
    expect((await admin.get(`/api/admin/pending-kits-working`)).body.map((k: { id: number }) => k.id)).toContain(a.id);

    const approved = await admin.get(`/api/kit-status?id=${a.id}&status=active`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      message: 'Kit approved',
      kit: { id: a.id, status: 'active', userEmail: 'custodian@example.org', isOverdue: false },
    });
    expect((await admin.get(`/api/kit-status?id=${a.id}&status=rejected`)).status).toBe(409);

    const b = await register();
    expect((await admin.get(`/api/kit-status?id=${b.id}&status=rejected`)).body.kit.status).toBe('rejected');
    expect((await admin.get(`/api/kit-status?id=${b.id}&status=active`)).body).toMatchObject({
      message: 'Kit reactivated',
      kit: { status: 'active' },
    });
    expect((await admin.get(`/api/kit-status?id=${b.id}&status=deleted`)).status).toBe(400);
    expect((await admin.get(`/api/kit-status?id=999999&status=active`)).status).toBe(404);
  });

  it('lists every kit in the admin view with the owner e-mail or nothing when unassigned', async () => {
    const k = await register();
    await admin.request('PATCH', '/api/admin/bleed-kits/reassign', { kitId: k.id, userId: null });
    const all = (await admin.get('/api/test-kits')).body as { id: number; userEmail: string | null; isOverdue: boolean }[];
    expect(all.length).toBeGreaterThan(2);
    expect(all.find((x) => x.id === k.id)).toMatchObject({ userEmail: null, isOverdue: false });
    const ownerId = (await owner.get('/api/auth/user')).body.user.id;
    const back = await admin.request('PATCH', '/api/admin/bleed-kits/reassign', { kitId: k.id, userId: ownerId });
    expect(back.body.userEmail).toBe('custodian@example.org');
    expect(
      (await admin.request('PATCH', '/api/admin/bleed-kits/reassign', { kitId: k.id, userId: '00000000-0000-4000-8000-000000000000' })).status,
    ).toBe(404);
  });

  it('bulk-approves pending kits and reports the ids that were not pending or not found', async () => {
    const p1 = await register();
    const p2 = await register();
    const done = await register();
    await admin.get(`/api/kit-status?id=${done.id}&status=active`);
    const res = await admin.post('/api/admin/bulk-approve', { kitIds: [p1.id, p2.id, done.id, 987654] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ approved: 2, approvedIds: [p1.id, p2.id], notPending: [done.id], notFound: [987654] });
    expect(res.body.message).toMatch(/^2 kits approved successfully\./);
    expect((await admin.post('/api/admin/bulk-approve', { kitIds: [] })).status).toBe(400);
  });

  it('deletes a kit by kitId', async () => {
    const k = await register();
    expect((await admin.delete(`/api/admin/bleed-kits?kitId=${k.id}`)).status).toBe(200);
    expect((await admin.get(`/api/bleed-kits/${k.id}`)).status).toBe(404);
  });

  it('manages manufacturers: normalised add, duplicate, rename, other protected, a removed make stays on its kits', async () => {
    const added = await admin.post('/api/admin/manufacturers', { name: '  Rapid Aid Kits! ' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ value: 'rapid_aid_kits', label: 'rapid aid kits', kitCount: 0 });
    const dup = await admin.post('/api/admin/manufacturers', { name: 'rapid aid kits' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(ManufacturerMessages.duplicate);
    expect((await admin.post('/api/admin/manufacturers', { name: ' !! ' })).body.message).toBe(ManufacturerMessages.nameRequired);
    expect((await admin.put('/api/admin/manufacturers', { value: 'rapid_aid_kits', label: 'Rapid Aid' })).body.label).toBe('Rapid Aid');
    const other = await admin.delete('/api/admin/manufacturers?value=other');
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(ManufacturerMessages.otherProtected);
    expect((await new HttpClient(stack.baseUrl).get('/api/config/manufacturers')).body.map((m: { value: string }) => m.value)).toContain(
      'rapid_aid_kits',
    );

    const k = await register({ make: 'rapid_aid_kits' });
    expect((await admin.delete('/api/admin/manufacturers?value=rapid_aid_kits')).status).toBe(200);
    expect((await new HttpClient(stack.baseUrl).get('/api/config/manufacturers')).body.map((m: { value: string }) => m.value)).not.toContain(
      'rapid_aid_kits',
    );
    const edited = await owner.put('/api/admin/kit-edit', { kitId: k.id, data: { locationName: 'Still valid' } });
    expect(edited.status).toBe(200);
    expect(edited.body.make).toBe('rapid_aid_kits');
    expect((await owner.post('/api/bleed-kits', kit({ make: 'rapid_aid_kits' }))).status).toBe(400);
  });

  it('runs the maintenance tools', async () => {
    const imported = await register({ serialNumber: 'IMPORT-SN-77' });
    const unknown = await register({ postcode: 'ZZ', city: 'Nowhere', ambulanceService: 'unknown' });
    await db.query(`UPDATE kits.kits SET postcode = 'WA14 1PF', city = 'Altrincham' WHERE id = $1`, [unknown.id]);
    const clean = await admin.post('/api/admin/clean-serial-numbers');
    expect(clean.body.updatedCount).toBeGreaterThanOrEqual(1);
    expect((await admin.get(`/api/bleed-kits/${imported.id}`)).body.serialNumber).toBe('SN-77');
    const amb = await admin.post('/api/admin/update-ambulance-services');
    expect(amb.body.updatedCount).toBeGreaterThanOrEqual(1);
    expect(amb.body.totalKits).toBeGreaterThan(1);
    expect((await admin.get(`/api/bleed-kits/${unknown.id}`)).body.ambulanceService).toBe('north_west');

    const missing = await register();
    await db.query(`UPDATE kits.kits SET postcode = '', city = '' WHERE id = $1`, [missing.id]);
    const fixed = await admin.post('/api/admin/fix-missing-addresses');
    expect(fixed.status).toBe(200);
    expect(fixed.body.summary.fixed).toBeGreaterThanOrEqual(1);
    expect((await admin.get(`/api/bleed-kits/${missing.id}`)).body).toMatchObject({ postcode: 'WA14 1PF', city: 'Altrincham' });
  });

  it('answers statistics equal to what the kits table says', async () => {
    const stats = (await new HttpClient(stack.baseUrl).get('/api/statistics')).body;
    const {
      rows: [t],
    } = await db.query(
      `SELECT count(*) FILTER (WHERE status='active')::int AS active, count(*) FILTER (WHERE status='active' AND manually_checked)::int AS checked FROM kits.kits`,
    );
    expect(stats.totalActiveKits).toBe(t.active);
    expect(stats.verification).toEqual({ manuallyVerified: t.checked, total: t.active });
    const { rows: byStatus } = await db.query(`SELECT status, count(*)::int AS count FROM kits.kits GROUP BY 1 ORDER BY 1`);
    expect(stats.byStatus).toEqual(byStatus);
    const { rows: byMake } = await db.query(`SELECT make, count(*)::int AS count FROM kits.kits WHERE status = 'active' GROUP BY 1`);
    expect([...stats.byMake].sort((a, b) => a.make.localeCompare(b.make))).toEqual(byMake.sort((a, b) => a.make.localeCompare(b.make)));
    expect(stats.byAccessType.reduce((n: number, x: { count: number }) => n + x.count, 0)).toBe(t.active);
    expect((await new HttpClient(stack.baseUrl).get('/api/stats')).body.totalKits).toBe(t.active);
  });

  describe('approved-kit downloads for ambulance services', () => {
    it('sends each approved kit once, in its service file, with the cabinet code and inert formulas', async () => {
      expect((await admin.get('/api/admin/download-approved-kits')).body.lastDownloadDate).toBe(NEVER_DOWNLOADED_SENTINEL);
      const first = await admin.post('/api/admin/download-approved-kits');
      expect(first.status).toBe(200);
      expect(first.body.count).toBeGreaterThan(0);
      const again = await admin.post('/api/admin/download-approved-kits');
      expect(again.body).toEqual({ files: [], count: 0, message: NO_NEW_APPROVED_KITS });
      expect((await admin.get('/api/admin/download-approved-kits')).body.lastDownloadDate).not.toBe(NEVER_DOWNLOADED_SENTINEL);

      const cabinet = await register({
        locationType: 'locked_cabinet',
        cabinetCode: 'C0DE-7319',
        locationName: '=HYPERLINK("http://evil.example","Click")',
        detailedLocation: '@SUM(1+1)',
        postcode: 'CF10 1EP',
        city: 'Cardiff',
        publicDisplay: false,
      });
      const london = await register({ postcode: 'SW1A 1AA', city: 'London' });
      await admin.post('/api/admin/bulk-approve', { kitIds: [cabinet.id, london.id] });

      const third = await admin.post('/api/admin/download-approved-kits');
      expect(third.body.count).toBe(2);
      const names = third.body.files.map((f: { filename: string }) => f.filename).sort();
      expect(names).toEqual([
        expect.stringMatching(/^approved-kits-london-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/),
        expect.stringMatching(/^approved-kits-welsh-/),
      ]);
      const welsh = third.body.files.find((f: { filename: string }) => f.filename.includes('welsh')).content as string;
      const [header, row] = welsh.trim().split('\r\n');
      expect(header).toContain('Cabinet Code');
      expect(row).toContain(`BCK-${cabinet.id}`);
      expect(row).toContain('C0DE-7319');
      // Coordinates stay numeric (a negative longitude is not a formula); text typed as a formula is inert.
      expect(row).toContain(',53.3875,-2.349,');
      expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
      expect(row).toContain(`,'@SUM(1+1),`);
      expect(row).not.toMatch(/(^|,)"?[=@]/);
      expect(row).toMatch(/,no,/); // hidden from the public map, still sent to the ambulance service
      const london_ = third.body.files.find((f: { filename: string }) => f.filename.includes('london')).content as string;
      expect(london_).toContain(`BCK-${london.id}`);
      expect(london_).not.toContain(`BCK-${cabinet.id}`);
      expect((await admin.post('/api/admin/download-approved-kits')).body.count).toBe(0);
    });

    it('shows the cabinet code to the owner and admins only', async () => {
      const k = await register({ locationType: 'locked_cabinet', cabinetCode: 'SECRET-4455' });
      await admin.get(`/api/kit-status?id=${k.id}&status=active`);
      expect((await owner.get(`/api/bleed-kits/${k.id}`)).body.cabinetCode).toBe('SECRET-4455');
      expect((await admin.get(`/api/bleed-kits/${k.id}`)).body.cabinetCode).toBe('SECRET-4455');
      const stranger = new HttpClient(stack.baseUrl);
      await stranger.post('/api/auth/register', { email: 'stranger@example.org', password, firstName: 'Str', lastName: 'Anger' });
      for (const path of [`/api/bleed-kits/${k.id}`, '/api/bleed-kits/user', '/api/stats', '/api/statistics', '/api/config/manufacturers']) {
        expect((await stranger.get(path)).text).not.toContain('SECRET-4455');
        expect((await new HttpClient(stack.baseUrl).get(path)).text).not.toContain('SECRET-4455');
      }
    });
  });
});
