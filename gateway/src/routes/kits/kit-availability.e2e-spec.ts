import type { INestMicroservice } from '@nestjs/common';
import {
  AvailabilityMessages,
  type AmbulanceFeedResponse,
  type CreateFeedClientResponse,
  IMPORT_COLUMNS,
  TEXT_LIMITS,
  defaultAvailability,
  notTextMessage,
  tooLongMessage,
} from '@bleedkits/contracts';
import { describedFetch } from '../../../test/described-answers';
import { HttpClient } from '../../../test/http-client';
import { exampleKit as kit } from '../../../test/example-kit';
import { startGeoReplica } from '../../../test/geo-replica';
import { ADMIN, type Stack, startStack } from '../../../test/stack-harness';

const password = 'Str0ng!pass';
const json = (v: unknown) => JSON.stringify(v);

/** The malformed schedules of the probe, each with the message that names what is wrong. */
const MALFORMED: [name: string, availability: unknown, message: string][] = [
  ['object time', json({ monday: { open: true, startTime: { toString: 1 } } }), AvailabilityMessages.dayTime('monday', 'startTime')],
  ['unknown day', json({ funday: { isOpen: true, openTime: '09:00', closeTime: '17:00' } }), AvailabilityMessages.unknownKey('funday')],
  [
    'text time',
    json({ friday: { isOpen: true, openTime: 'SCAM call 09090 000000', closeTime: '17:00' } }),
    AvailabilityMessages.dayTime('friday', 'openTime'),
  ],
  [
    'oversized JSON',
    json({ monday: { isOpen: true, openTime: '09:00', closeTime: '17:00' }, pad: 'x'.repeat(6000) }),
    tooLongMessage('Availability', TEXT_LIMITS.availabilityJson),
  ],
  [
    'nested junk',
    json({ monday: { isOpen: true, openTime: { a: [{ b: { c: [1, { d: 2 }] } }] } } }),
    AvailabilityMessages.dayTime('monday', 'openTime'),
  ],
  [
    'junk in a day',
    json({ sunday: { isOpen: true, openTime: '10:00', closeTime: '16:00', note: 'call 0909' } }),
    AvailabilityMessages.dayKey('sunday', 'note'),
  ],
  ['a flag as text', json({ is24x7: 'yes' }), AvailabilityMessages.flag('is24x7')],
  ['not JSON', 'Mon-Fri 9-5', AvailabilityMessages.notJson],
  ['an object, not its JSON', { monday: { isOpen: true, openTime: '09:00', closeTime: '17:00' } }, notTextMessage('Availability')],
];

/**
 * Acceptance 2 of the second security pass (issue 29), over HTTP: a schedule is checked field by field on
 * register, edit and import (400 naming the day and field); an owner's change to what the public sees on an
 * approved kit (schedule, typed hours, ambulance service) sends it back for review, so neither the public finder nor
 * another service's feed (with the cabinet code) shows it before an admin approves it.
 */
describe('kit availability and public fields over HTTP', () => {
  let stack: Stack;
  let owner: HttpClient;
  let admin: HttpClient;
  let machine: HttpClient;
  let geo: INestMicroservice | null = null;
  const feedKeys: Record<string, string> = {};

  const approve = async (id: number) => expect((await admin.get(`/api/kit-status?id=${id}&status=active`)).status).toBe(200);
  const approvedKit = async (overrides: Record<string, unknown> = {}) => {
    const created = await owner.post('/api/bleed-kits', kit(overrides));
    expect(created.status).toBe(201);
    await approve(created.body.id);
    return (await owner.get(`/api/bleed-kits/${created.body.id}`)).body as { id: number; revision: number; status: string; openingHours: string };
  };
  /** The whole feed of one scope, from the start: the kits it holds now (a withdrawn kit is not held). */
  const feedKits = async (scope: string) => {
    const held = new Map<number, { cabinetCode?: string | null; ambulanceService: string }>();
    let after = '0';
    for (;;) {
      const res = await machine.get(`/api/ambulance-feed/v1/kits?after=${after}&limit=1000`, { authorization: `Bearer ${feedKeys[scope]}` });
      expect(res.status).toBe(200);
      const body = res.body as AmbulanceFeedResponse;
      for (const r of body.records) {
        if (r.withdrawn) held.delete(r.id);
        else held.set(r.id, { cabinetCode: r.cabinetCode, ambulanceService: r.ambulanceService });
      }
      if (!body.hasMore) return held;
      after = body.nextCursor;
    }
  };
  /** Every public answer near the kit; the finder follows the kits feed, so each read is a moment of the map. */
  const publicNear = async () => (await new HttpClient(stack.baseUrl).get('/api/bleed-kits/nearby?lat=53.3872&lng=-2.3494&radius=1&limit=50')).text;

  beforeAll(async () => {
    stack = await startStack({ contexts: ['identity', 'kits', 'imports'], serviceEnv: { imports: { POSTCODES_IO_BASE_URL: 'off' } } });
    owner = new HttpClient(stack.baseUrl);
    admin = new HttpClient(stack.baseUrl);
    machine = new HttpClient(stack.baseUrl);
    expect((await owner.post('/api/auth/register', { email: 'hours-owner@example.org', password, firstName: 'Hal', lastName: 'Hours' })).status).toBe(
      201,
    );
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    for (const scope of ['north_west', 'london']) {
      const res = await admin.post('/api/admin/ambulance-feed/clients', { scope, label: `${scope} CAD` });
      expect(res.status).toBe(201);
      feedKeys[scope] = (res.body as CreateFeedClientResponse).key;
    }
    geo = await startGeoReplica(stack.nats.url);
  }, 90_000);
  afterAll(async () => {
    await geo?.close();
    await stack?.close();
  });

  it('answers 400 naming the day and field for each malformed schedule on register and on edit, changing nothing', async () => {
    const k = await approvedKit({ serialNumber: 'AV-EDIT' });
    for (const [name, availability, message] of MALFORMED) {
      const registered = await owner.post('/api/bleed-kits', kit({ availability }));
      expect({ name, status: registered.status, errors: registered.body.errors }).toEqual({ name, status: 400, errors: [message] });
      const edited = await owner.put('/api/admin/kit-edit', { kitId: k.id, revision: k.revision, data: { availability } });
      expect({ name, status: edited.status, errors: edited.body.errors }).toEqual({ name, status: 400, errors: [message] });
    }
    expect((await owner.get(`/api/bleed-kits/${k.id}`)).body).toMatchObject({ revision: k.revision, status: 'active', openingHours: k.openingHours });
    const mine = (await owner.get('/api/bleed-kits/user')).body.kits as { serialNumber: string }[];
    expect(mine.map((m) => m.serialNumber)).toEqual(['AV-EDIT']);
  });

  it('refuses each malformed schedule row of an import by row, naming the day and field, and imports the good row', async () => {
    const quote = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
    const line = (values: Record<string, unknown>) => {
      const cells = { ...kit(), ...values } as Record<string, unknown>;
      return IMPORT_COLUMNS.map((c) => quote(typeof cells[c] === 'string' ? (cells[c] as string) : '')).join(',');
    };
    const textual = MALFORMED.filter(([, availability]) => typeof availability === 'string');
    const content = [IMPORT_COLUMNS.join(','), line({ serialNumber: 'AV-IMPORT-OK', availability: json(defaultAvailability()) })]
      .concat(textual.map(([, availability], i) => line({ serialNumber: `AV-IMPORT-${i}`, availability })))
      .join('\r\n');
    const form = new FormData();
    form.append('csvFile', new Blob([content], { type: 'text/csv' }), 'hours.csv');
    const res = await describedFetch(`${stack.baseUrl}/api/admin/bleed-kits/import`, {
      method: 'POST',
      body: form,
      headers: { cookie: `bk.sid=${owner.sessionId}` },
    });
    const body = (await res.json()) as { created: number; errors: Record<string, string[]> };
    expect(res.status).toBe(200);
    expect(body.created).toBe(1);
    // An oversized cell also gets the import's own cell-length message.
    expect(body.errors).toEqual(Object.fromEntries(textual.map(([, , message], i) => [String(i + 3), expect.arrayContaining([message])])));
  });

  it('sends an approved kit back for review when its owner changes its schedule or typed hours: the public finder never shows the change before approval', async () => {
    const k = await approvedKit({ serialNumber: 'AV-PUBLIC', availability: json(defaultAvailability()) });
    const deadline = Date.now() + 20_000;
    while (!(await publicNear()).includes(`"id":${k.id}`)) {
      if (Date.now() > deadline) throw new Error('the approved kit never reached the public finder');
      await new Promise((r) => setTimeout(r, 100));
    }
    const saturdays = { ...defaultAvailability(), saturday: { isOpen: true, openTime: '08:00', closeTime: '12:30' } };
    const edited = await owner.put('/api/admin/kit-edit', { kitId: k.id, revision: k.revision, data: { availability: json(saturdays) } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'pending', approvedAt: null, openingHours: 'Mon-Fri: 09:00-17:00; Sat: 08:00-12:30; Closed: Sun' });
    for (let i = 0; i < 20; i++) {
      expect(await publicNear()).not.toContain('Sat: 08:00-12:30');
      await new Promise((r) => setTimeout(r, 100));
    }
    await approve(k.id);
    const shown = Date.now() + 20_000;
    while (!(await publicNear()).includes('Sat: 08:00-12:30')) {
      if (Date.now() > shown) throw new Error('the approved change never reached the public finder');
      await new Promise((r) => setTimeout(r, 100));
    }

    const typed = (await owner.get(`/api/bleed-kits/${k.id}`)).body as { revision: number };
    const hours = await owner.put('/api/admin/kit-edit', {
      kitId: k.id,
      revision: typed.revision,
      data: { availability: '', openingHours: 'SCAM call 09090 000000' },
    });
    expect(hours.body).toMatchObject({ status: 'pending', openingHours: 'SCAM call 09090 000000' });
    for (let i = 0; i < 20; i++) {
      expect(await publicNear()).not.toContain('SCAM');
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 90_000);

  it("never lets an owner's change of ambulance service put the kit and its cabinet code in another service's feed unreviewed", async () => {
    const k = await approvedKit({ serialNumber: 'AV-FEED', locationType: 'locked_cabinet', cabinetCode: 'C-4821', ambulanceService: 'north_west' });
    expect((await feedKits('north_west')).get(k.id)).toEqual({ cabinetCode: 'C-4821', ambulanceService: 'north_west' });
    expect((await feedKits('london')).has(k.id)).toBe(false);

    const moved = await owner.put('/api/admin/kit-edit', { kitId: k.id, revision: k.revision, data: { ambulanceService: 'london' } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: 'pending', ambulanceService: 'london' });
    expect((await feedKits('london')).has(k.id)).toBe(false);
    expect((await feedKits('north_west')).has(k.id)).toBe(false);

    await approve(k.id);
    expect((await feedKits('london')).get(k.id)).toEqual({ cabinetCode: 'C-4821', ambulanceService: 'london' });
  });
});
