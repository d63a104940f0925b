import { ErrorCode, type RegisterBatchRequest, type RegisterBatchResponse, type UpdateIfUnchangedRequest } from '@bleedkits/contracts';
import { RemoteCallError } from '@bleedkits/platform';
import type { ValidUpdate } from '../../domain/approved-update';
import { JobCannotRun } from '../../domain/job-cannot-run';
import type { CsvUpdateJobRow, CsvUpdateRepository, PendingEntry } from '../../database/csv-update.repository';
import type { KitsClient } from '../../kits/kits.client';
import { FallbackPostcodeGeocoder } from '../../providers/geocoding/fallback-postcode-geocoder';
import { RegistrationRows } from '../../kits/registration-rows';
import { ApplyCsvUpdatesHandler } from './apply-csv-updates.handler';

type Outcome = { ok: true; kitId: number } | { ok: false; message: string };

/** The job's storage replaced by one job in memory: its entries in order and how each was settled. */
function storedJob(updates: ValidUpdate[], status: CsvUpdateJobRow['status'] = 'queued', settledBefore: Map<number, Outcome> = new Map()) {
  const settled = new Map(settledBefore);
  const entries: PendingEntry[] = updates.map((update, i) => ({ id: 10 + i, position: i, update }));
  const job = {
    id: 'job-1',
    requestedBy: 'admin-1',
    requestedByEmail: 'admin@example.org',
    total: updates.length,
    status,
    errorMessage: null as string | null,
  };
  const repository = {
    find: async (id: string) =>
      id === job.id
        ? ({
            ...job,
            successful: [...settled.values()].filter((o) => o.ok).length,
            failed: [...settled.values()].filter((o) => !o.ok).length,
          } as CsvUpdateJobRow)
        : null,
    markProcessing: async () => void (job.status = 'processing'),
    pending: async (_id: string, after: number, limit: number) => entries.filter((e) => e.position > after && !settled.has(e.id)).slice(0, limit),
    settle: async (_id: string, entryId: number, outcome: Outcome) => void (settled.has(entryId) || settled.set(entryId, outcome)),
    complete: async () => void (job.status = 'completed'),
    fail: async (_id: string, message: string) => Object.assign(job, { status: 'failed', errorMessage: message }),
  } as unknown as CsvUpdateRepository;
  return { job, settled, repository };
}

/** The kits context replaced: kit 1 is current, kit 2 has changed since, kit 3 is gone, kit 4 times out. */
function kitsContext() {
  const updated: UpdateIfUnchangedRequest[] = [];
  const registered: string[] = [];
  const client = {
    async updateIfUnchanged(req: UpdateIfUnchangedRequest) {
      updated.push(req);
      if (req.kitId === 2) throw new RemoteCallError({ code: ErrorCode.Conflict, message: "city is now 'Sale Moor', not 'Sale'" }, 'kits');
      if (req.kitId === 3) throw new RemoteCallError({ code: ErrorCode.NotFound, message: 'Kit not found' }, 'kits');
      if (req.kitId === 4) throw new Error('timed out');
      return { kitId: req.kitId, revision: 9 };
    },
    async registerBatch(req: RegisterBatchRequest): Promise<RegisterBatchResponse> {
      registered.push(...req.entries.map((e) => e.idempotencyKey));
      return { outcomes: req.entries.map((e) => ({ idempotencyKey: e.idempotencyKey, kitId: 500, replayed: false })) };
    },
  } as unknown as KitsClient;
  return { client, updated, registered };
}

const change = (kitId: number): ValidUpdate => ({ action: 'update', kitId, changes: [{ field: 'city', oldValue: 'Sale', newValue: 'Altrincham' }] });
const newKit = (values: Record<string, string> = {}): ValidUpdate => ({
  action: 'create',
  row: {
    serialNumber: 'NEW-1',
    make: 'mere',
    locationType: 'unlocked_cabinet',
    locationName: 'Hall',
    addressLine1: '1 Road',
    city: 'Sale',
    postcode: 'M33 6GD',
    latitude: '53.42',
    longitude: '-2.33',
    purchaseDate: '2025-01-01',
    expiryDate: '2028-01-01',
    custodianName: 'Jo',
    custodianPhone: '01610000000',
    custodianEmail: 'jo@example.org',
    ...values,
  },
});

function setup(updates: ValidUpdate[], status?: CsvUpdateJobRow['status'], settledBefore?: Map<number, Outcome>) {
  const stored = storedJob(updates, status, settledBefore);
  const kits = kitsContext();
  const handler = new ApplyCsvUpdatesHandler(stored.repository, kits.client, new RegistrationRows(new FallbackPostcodeGeocoder([]), kits.client));
  const progress: number[] = [];
  return { ...stored, kits, handler, progress, run: () => handler.execute('job-1', async (p) => void progress.push(p)) };
}

describe(ApplyCsvUpdatesHandler.name, () => {
  it('settles each entry once, in order: an update applied, a stale or vanished kit failing that entry only, a create registered', async () => {
    const s = setup([change(1), change(2), change(3), newKit(), newKit({ custodianEmail: 'nope' })]);
    await s.run();
    expect(Object.fromEntries(s.settled)).toEqual({
      10: { ok: true, kitId: 1 },
      11: { ok: false, message: "city is now 'Sale Moor', not 'Sale'" },
      12: { ok: false, message: 'Kit BCK-3 was not found.' },
      13: { ok: true, kitId: 500 },
      14: { ok: false, message: 'Invalid email address.' },
    });
    expect(s.job.status).toBe('completed');
    expect(s.kits.updated.map((u) => u.idempotencyKey)).toEqual(['csv-update:job-1:10', 'csv-update:job-1:11', 'csv-update:job-1:12']);
    expect(s.kits.registered).toEqual(['csv-update:job-1:13']);
    expect(s.progress).toEqual([100]);
  });

  it('carries on after the settled entries when taken over, and leaves an unexpected failure to the retry', async () => {
    const resumed = setup([change(1), change(1)], 'processing', new Map([[10, { ok: true, kitId: 1 }]]));
    await resumed.run();
    expect(resumed.kits.updated.map((u) => u.idempotencyKey)).toEqual(['csv-update:job-1:11']);

    const timedOut = setup([change(1), change(4), change(1)]);
    await expect(timedOut.run()).rejects.toThrow('timed out');
    expect([...timedOut.settled.keys()]).toEqual([10]);
    expect(timedOut.job.status).toBe('processing');
  });

  it('refuses a job still being staged so that it is not retried, and does nothing for a completed one', async () => {
    await expect(setup([change(1)], 'staging').run()).rejects.toBeInstanceOf(JobCannotRun);
    const done = setup([change(1)], 'completed');
    await done.run();
    expect(done.kits.updated).toEqual([]);
  });
});
