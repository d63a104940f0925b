import { AMBULANCE_SERVICE_OPTIONS, KitMessages } from '@bleedkits/contracts';
import { HttpClient } from '../../../test/http-client';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../../test/stack-harness';

const password = 'Str0ng!pass';
const kit = (overrides: Record<string, unknown> = {}) => ({
  serialNumber: 'DBF-2025-0042',
  make: 'daniel_baird_foundation',
  locationType: 'locked_cabinet',
  cabinetCode: 'C-2468',
  locationName: 'Altrincham Library',
  addressLine1: '20 Stamford New Road',
  city: 'Altrincham',
  postcode: 'wa14 1en',
  latitude: '53.3872',
  longitude: '-2.3494',
  purchaseDate: '2025-02-01',
  expiryDate: '2028-02-01',
  custodianName: 'Sam Keeper',
  custodianPhone: '0161 912 5920',
  custodianEmail: 'sam@example.org',
  ...overrides,
});

describe('kit routes over HTTP', () => {
  let stack: Stack;
  let owner: HttpClient;
  let other: HttpClient;
  let admin: HttpClient;

  beforeAll(async () => {
    stack = await startStack({ contexts: ['identity', 'kits'] });
    owner = new HttpClient(stack.baseUrl);
    other = new HttpClient(stack.baseUrl);
    admin = new HttpClient(stack.baseUrl);
    await owner.post('/api/auth/register', { email: 'owner@example.org', password, firstName: 'Olive', lastName: 'Owner' });
    await other.post('/api/auth/register', { email: 'other@example.org', password, firstName: 'Otto', lastName: 'Other' });
    await admin.post('/api/auth/login', ADMIN);
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => stack?.close());

  it('registers a valid kit: 201 with id and pending status', async () => {
    const res = await owner.post('/api/bleed-kits', kit());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      status: 'pending',
      postcode: 'WA14 1EN',
      ambulanceService: 'north_west',
      openingHours: '24/7',
      cabinetCode: 'C-2468',
    });
  });

  it('refuses each invalid field with its spec message, a missing location and an unknown make', async () => {
    const invalid: [Record<string, unknown>, string][] = [
      [{ serialNumber: 'x' }, KitMessages.serialNumber],
      [{ make: '' }, KitMessages.make],
      [{ locationType: '' }, KitMessages.locationType],
      [{ locationName: 'a' }, KitMessages.locationName],
      [{ addressLine1: '' }, KitMessages.addressLine1],
      [{ city: 'b' }, KitMessages.city],
      [{ postcode: 'c' }, KitMessages.postcode],
      [{ purchaseDate: '' }, KitMessages.purchaseDate],
      [{ expiryDate: '2' }, KitMessages.expiryDate],
      [{ custodianName: 'd' }, KitMessages.custodianName],
      [{ custodianPhone: '0161' }, KitMessages.custodianPhone],
      [{ custodianEmail: 'not-an-email' }, KitMessages.custodianEmail],
      [{ latitude: '', longitude: '' }, KitMessages.location],
      [{ make: 'acme_unknown' }, KitMessages.make],
    ];
    for (const [change, message] of invalid) {
      const res = await owner.post('/api/bleed-kits', kit(change));
      expect({ change, status: res.status, errors: res.body.errors }).toEqual({ change, status: 400, errors: [message] });
    }
    const all = await owner.post('/api/bleed-kits', { latitude: '', longitude: '' });
    expect(all.status).toBe(400);
    expect(all.body.errors).toHaveLength(13);
    expect((await new HttpClient(stack.baseUrl).post('/api/bleed-kits', kit())).status).toBe(401);
  });

  it("lists the owner's kits with their role and shows details to the owner and admins only", async () => {
    const created = (await owner.post('/api/bleed-kits', kit({ serialNumber: 'LIST-1' }))).body;
    const list = await owner.get('/api/bleed-kits/user');
    expect(list.status).toBe(200);
    expect(list.body.userRole).toBe('user');
    expect(list.body.kits.map((k: { serialNumber: string }) => k.serialNumber)).toContain('LIST-1');
    expect((await other.get('/api/bleed-kits/user')).body.kits).toEqual([]);
    const detail = await owner.get(`/api/bleed-kits/${created.id}`);
    expect(detail.body).toMatchObject({ id: created.id, userEmail: 'owner@example.org', cabinetCode: 'C-2468' });
    const hidden = await other.get(`/api/bleed-kits/${created.id}`);
    expect(hidden.status).toBe(404);
    const byAdmin = await admin.get(`/api/bleed-kits/${created.id}`);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.userEmail).toBe('owner@example.org');
    expect((await owner.get('/api/bleed-kits/not-a-number')).status).toBe(400);
  });

  it('changes the deployment status for the owner, refusing an unknown status and other users', async () => {
    const created = (await owner.post('/api/bleed-kits', kit())).body;
    const ok = await owner.post(`/api/bleed-kits/${created.id}/deployment-status`, { status: 'deployed', notes: 'Used at an incident' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ deploymentStatus: 'deployed', deploymentNotes: 'Used at an incident' });
    const bad = await owner.post(`/api/bleed-kits/${created.id}/deployment-status`, { status: 'missing' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([KitMessages.unknownDeploymentStatus]);
    expect((await other.post(`/api/bleed-kits/${created.id}/deployment-status`, { status: 'available' })).status).toBe(404);
  });

  it('deletes for the owner but not for another user', async () => {
    const created = (await owner.post('/api/bleed-kits', kit())).body;
    expect((await other.delete(`/api/bleed-kits/${created.id}`)).status).toBe(404);
    expect((await owner.delete(`/api/bleed-kits/${created.id}`)).status).toBe(200);
    expect((await owner.get(`/api/bleed-kits/${created.id}`)).status).toBe(404);
  });

  it('lets the owner edit their kit but only admins set manually checked, status or owner', async () => {
    const created = (await owner.post('/api/bleed-kits', kit())).body;
    const edited = await owner.put('/api/admin/kit-edit', { kitId: created.id, data: { locationName: 'Altrincham Town Library' } });
    expect(edited.status).toBe(200);
    expect(edited.body.locationName).toBe('Altrincham Town Library');
    for (const data of [{ manuallyChecked: true }, { status: 'active' }, { userId: '00000000-0000-4000-8000-000000000000' }]) {
      const res = await owner.put('/api/admin/kit-edit', { kitId: created.id, data });
      expect({ data, status: res.status }).toEqual({ data, status: 403 });
      expect(res.body.message).toBe(KitMessages.adminOnlyField);
    }
    expect((await other.put('/api/admin/kit-edit', { kitId: created.id, data: { locationName: 'Mine now' } })).status).toBe(404);
    const byAdmin = await admin.put('/api/admin/kit-edit', { kitId: created.id, data: { manuallyChecked: true, status: 'active' } });
    expect(byAdmin.body).toMatchObject({ manuallyChecked: true, status: 'active' });
    expect((await new HttpClient(stack.baseUrl).put('/api/admin/kit-edit', { kitId: created.id, data: {} })).status).toBe(401);
    expect((await owner.put('/api/admin/kit-edit', { data: {} })).body.errors).toEqual(['No kit ID found for editing']);
  });

  it('re-detects an unknown ambulance service when the kit is saved', async () => {
    const created = (await owner.post('/api/bleed-kits', kit({ postcode: 'XX', city: 'Nowhere', ambulanceService: 'unknown' }))).body;
    expect(created.ambulanceService).toBe('unknown');
    const saved = await owner.put('/api/admin/kit-edit', { kitId: created.id, data: { postcode: 'cf10 1ep', city: 'Cardiff' } });
    expect(saved.body).toMatchObject({ postcode: 'CF10 1EP', ambulanceService: 'welsh' });
  });

  it('serves the ambulance services and manufacturers lists', async () => {
    const services = await new HttpClient(stack.baseUrl).get('/api/config/ambulance-services');
    expect(services.body).toEqual(AMBULANCE_SERVICE_OPTIONS);
    expect(services.body).toHaveLength(15);
    expect(services.body.find((s: { value: string }) => s.value === 'isle_of_man_guernsey_jersey').label).toBe('Isle of Man/Channel Islands');
    const makes = await new HttpClient(stack.baseUrl).get('/api/config/manufacturers');
    expect(makes.body.map((m: { value: string }) => m.value)).toEqual(
      expect.arrayContaining(['daniel_baird_foundation', 'mere', 'traumamed', 'steroplast', 'st_john_ambulance', 'bleed_save', 'heartsafe', 'other']),
    );
    const config = await new HttpClient(stack.baseUrl).get('/api/config');
    expect(config.text).toBe('Google Maps API key not configured');
  });

  it('counts kits per user in the admin user list', async () => {
    const users = (await admin.get('/api/admin/user-management')).body.users as { email: string; kit_count: number }[];
    expect(users.find((u) => u.email === 'owner@example.org')!.kit_count).toBeGreaterThan(3);
    expect(users.find((u) => u.email === 'other@example.org')!.kit_count).toBe(0);
  });
});
