import {
  AMBULANCE_SERVICE_LABELS,
  ApprovedDownloadSubjects,
  NEVER_DOWNLOADED_SENTINEL,
  NO_NEW_APPROVED_KITS,
  WITHDRAWAL_REASON_LABELS,
} from '@bleedkits/contracts';
import { NatsBus } from '@bleedkits/platform';
import { HttpClient } from '../../../test/http-client';
import { ADMIN, type Stack, startStack } from '../../../test/stack-harness';
import { type SeedService, SERVICE_PLACES, parseCsv, seedRegister } from './testing/seed-register';

const SERVICES: readonly SeedService[] = ['north_west', 'london', 'welsh', 'scottish', 'yorkshire', 'west_midlands', 'north_east'];
const KITS = 5000;

type Download = { status: number; body: { files: { filename: string; content: string }[]; count: number; message: string } };
type Line = { service: string; file: string; row: Record<string, string> };

/** Every line of every file, with the service its file is named after. */
function linesOf(d: Download): Line[] {
  return d.body.files.flatMap((f) => {
    const service = /^approved-kits-(.+)-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/.exec(f.filename)![1].replace(/-/g, '_');
    return parseCsv(f.content).map((row) => ({ service, file: f.filename, row }));
  });
}
const kitId = (l: Line) => Number(l.row['Kit ID'].replace('BCK-', ''));
const kitsIn = (lines: Line[]) => lines.filter((l) => l.row.Withdrawn === 'no');
const withdrawalsIn = (lines: Line[]) => lines.filter((l) => l.row.Withdrawn === 'yes');

/**
 * Acceptance 1 of the ambulance-feed issue, over HTTP against the real stack: 5,000 approved kits in seven
 * services, a download that fails part-way (the kits service stopped during it), then the downloads that follow.
 */
describe('approved-kits download at 5,000 kits', () => {
  let stack: Stack;
  let admin: HttpClient;
  let owner: HttpClient;
  let spy: NatsBus;
  let seeded: number[];
  let serial = 0;

  const download = async (): Promise<Download> => (await admin.post('/api/admin/download-approved-kits')) as Download;
  const register = async (service: SeedService) => {
    const p = SERVICE_PLACES[service];
    const res = await owner.post('/api/bleed-kits', {
      serialNumber: `DL-${++serial}`,
      make: 'mere',
      locationType: 'locked_cabinet',
      cabinetCode: `DL-CODE-${serial}`,
      locationName: `Download test ${serial}`,
      addressLine1: '1 Market Street',
      city: p.city,
      postcode: p.postcode,
      latitude: String(p.lat),
      longitude: String(p.lng),
      purchaseDate: '2025-01-01',
      expiryDate: '2028-01-01',
      custodianName: 'Chris Custodian',
      custodianPhone: '01619125920',
      custodianEmail: 'chris@example.org',
    });
    expect(res.status).toBe(201);
    expect(res.body.ambulanceService).toBe(service);
    return res.body as { id: number };
  };
  const approve = async (id: number) => expect((await admin.get(`/api/kit-status?id=${id}&status=active`)).status).toBe(200);
  const adminEdit = async (id: number, data: Record<string, unknown>) =>
    expect((await admin.put('/api/admin/kit-edit', { kitId: id, data })).status).toBe(200);

  beforeAll(async () => {
    stack = await startStack({ contexts: ['identity', 'kits'], gatewayEnv: { NATS_REQUEST_TIMEOUT_MS: '5000' } });
    admin = new HttpClient(stack.baseUrl);
    owner = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    expect(
      (await owner.post('/api/auth/register', { email: 'owner@example.org', password: 'Str0ng!pass', firstName: 'Kit', lastName: 'Owner' })).status,
    ).toBe(201);
    seeded = await seedRegister(stack.db.url, { count: KITS, services: SERVICES, hiddenEvery: 10 });
    spy = new NatsBus({ servers: stack.nats.url, name: 'download-spy', requestTimeoutMs: 2000 });
    await spy.whenConnected();
  }, 120_000);
  afterAll(async () => {
    await spy?.close();
    await stack?.close();
  });

  it('leaves the watermark where it was when the kits service stops part-way through a download', async () => {
    let parts = 0;
    let stopping: Promise<void> | null = null;
    const sub = spy.subscribe(ApprovedDownloadSubjects.part, () => {
      // The first part is on its way: stop the kits service, so a later part finds nobody to answer.
      if (++parts === 1) stopping = stack.stopService('kits');
    });
    const failed = await download();
    sub.unsubscribe();
    await stopping;
    expect(parts).toBeGreaterThanOrEqual(1);
    // A part in flight when the service stops is never answered (504); any later part finds no one (503).
    expect([503, 504]).toContain(failed.status);
    expect(failed.body.files).toBeUndefined();

    await stack.startService('kits');
    expect((await admin.get('/api/admin/download-approved-kits')).body.lastDownloadDate).toBe(NEVER_DOWNLOADED_SENTINEL);
  });

  it('then returns every one of the 5,000 kits exactly once, in its own service file, and the next download none', async () => {
    const first = await download();
    expect(first.status).toBe(200);
    const lines = linesOf(first);
    expect(first.body.count).toBe(KITS);
    expect(first.body.message).toBe(`${KITS} approved kits in ${SERVICES.length} files`);
    expect(first.body.files).toHaveLength(SERVICES.length);
    expect(withdrawalsIn(lines)).toEqual([]);
    const ids = lines.map(kitId);
    expect(ids).toHaveLength(KITS);
    expect(new Set(ids)).toEqual(new Set(seeded));
    for (const l of lines) expect(l.row['Ambulance Service']).toBe(AMBULANCE_SERVICE_LABELS[l.service as SeedService]);
    // Hidden kits are for emergency services too; every locked cabinet's code is there, and only its own service's.
    expect(lines.filter((l) => l.row['Shown On Public Map'] === 'no')).toHaveLength(KITS / 10);
    for (const l of lines.filter((x) => x.row['Location Type'] === 'Locked Cabinet'))
      expect(l.row['Cabinet Code']).toMatch(new RegExp(`^CODE-${l.service}-\\d+$`));

    expect((await admin.get('/api/admin/download-approved-kits')).body.lastDownloadDate).not.toBe(NEVER_DOWNLOADED_SENTINEL);
    const second = await download();
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ files: [], count: 0, message: NO_NEW_APPROVED_KITS });
  });

  it('gives a kit approved between two downloads exactly once, and lists kits that left a service as withdrawn in its file', async () => {
    const between = await register('welsh');
    await approve(between.id);
    const toReject = await register('london');
    await approve(toReject.id);
    const toMove = await register('yorkshire');
    await approve(toMove.id);
    const toDelete = await register('west_midlands');
    await approve(toDelete.id);
    const third = await download();
    expect(kitsIn(linesOf(third)).map(kitId).sort()).toEqual([between.id, toReject.id, toMove.id, toDelete.id].sort());

    await adminEdit(toReject.id, { status: 'rejected' });
    await adminEdit(toMove.id, { ambulanceService: 'north_east' });
    const deleted = toDelete.id;
    expect((await admin.delete(`/api/admin/bleed-kits?kitId=${deleted}`)).status).toBe(200);
    const fourth = await download();
    expect(fourth.status).toBe(200);
    const lines = linesOf(fourth);
    expect(lines.filter((l) => kitId(l) === between.id)).toEqual([]);
    const rejected = lines.filter((l) => kitId(l) === toReject.id);
    expect(rejected.map((l) => [l.service, l.row.Withdrawn, l.row['Withdrawal Reason']])).toEqual([
      ['london', 'yes', WITHDRAWAL_REASON_LABELS.rejected],
    ]);
    const moved = lines.filter((l) => kitId(l) === toMove.id).map((l) => [l.service, l.row.Withdrawn, l.row['Withdrawal Reason']]);
    expect(moved.sort()).toEqual([
      ['north_east', 'no', ''],
      ['yorkshire', 'yes', WITHDRAWAL_REASON_LABELS.moved_to_another_service],
    ]);
    // Deleted while approved: one withdrawal, in its service's file.
    const gone = lines.filter((l) => kitId(l) === deleted).map((l) => [l.service, l.row.Withdrawn, l.row['Withdrawal Reason']]);
    expect(gone).toEqual([['west_midlands', 'yes', WITHDRAWAL_REASON_LABELS.deleted]]);
    // Withdrawn rows carry the kit id and the reason only: nothing to send anyone to, and no code.
    for (const w of withdrawalsIn(lines)) expect(w.row['Cabinet Code']).toBe('');
    expect(fourth.body.count).toBe(lines.length);
    expect((await download()).body.count).toBe(0);
  });

  it('puts a kit approved while a download runs into that download or the next, never both and never neither', async () => {
    // Enough changes for several parts, so the approval lands while the download is under way.
    await seedRegister(stack.db.url, { count: 3000, services: SERVICES, serialPrefix: 'MORE' });
    const during = await register('scottish');
    let approving: Promise<void> | null = null;
    const sub = spy.subscribe(ApprovedDownloadSubjects.part, () => {
      approving ??= approve(during.id);
    });
    const running = await download();
    sub.unsubscribe();
    await approving;
    const next = await download();
    const appearances = [...kitsIn(linesOf(running)), ...kitsIn(linesOf(next))].filter((l) => kitId(l) === during.id);
    expect(appearances).toHaveLength(1);
    expect(appearances[0].service).toBe('scottish');
    expect(running.body.count).toBeGreaterThanOrEqual(3000);
  });
});
