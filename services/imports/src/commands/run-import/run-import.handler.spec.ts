import { AvailabilityMessages, type RegisterBatchRequest, type RegisterBatchResponse, defaultAvailability } from '@bleedkits/contracts';
import type { ImportJobRepository, ImportJobRow, RowOutcome } from '../../database/import-job.repository';
import type { KitsClient } from '../../kits/kits.client';
import { FallbackPostcodeGeocoder } from '../../providers/geocoding/fallback-postcode-geocoder';
import { RegistrationRows } from '../../kits/registration-rows';
import { JobCannotRun } from '../../domain/job-cannot-run';
import { RunImportHandler } from './run-import.handler';
import { IMPORT_HEADER, importRow } from '@bleedkits/platform/testing';

const row = (values: Record<string, string> = {}) => importRow({ serialNumber: 'RUN-1', ...values });
const file = (...rows: string[]) => [IMPORT_HEADER, ...rows].join('\r\n');

/** The job's storage replaced by one job in memory: its file, its committed outcomes and counters. */
function storedJob(content: string, committed: RowOutcome[] = []) {
  const outcomes = new Map(committed.map((o) => [o.row, o]));
  const job = {
    id: 'job-1',
    ownerId: 'user-1',
    requestedBy: 'user-1',
    requestedByRole: 'user',
    status: 'queued',
    total: content.split('\r\n').length - 1,
    errorMessage: null as string | null,
  };
  const counters = () => {
    const all = [...outcomes.values()];
    const created = all.filter((o) => 'kitId' in o).length;
    return { processed: all.length, created, failed: all.length - created };
  };
  const repository = {
    find: async (id: string) => (id === job.id ? ({ ...job, ...counters() } as unknown as ImportJobRow) : null),
    content: async () => Buffer.from(content, 'utf8'),
    markProcessing: async () => void (job.status = 'processing'),
    doneRows: async () => new Set(outcomes.keys()),
    commit: async (_id: string, batch: readonly RowOutcome[]) => batch.forEach((o) => outcomes.has(o.row) || outcomes.set(o.row, o)),
    complete: async () => void (job.status = 'completed'),
    fail: async (_id: string, message: string) => Object.assign(job, { status: 'failed', errorMessage: message }),
  } as unknown as ImportJobRepository;
  return { job, outcomes, repository };
}

/** The kits context replaced: it registers every entry it is sent (as kit 100 + n) and records the serials. */
function kitsContext() {
  const serials: string[] = [];
  let next = 100;
  const client = {
    async registerBatch(req: RegisterBatchRequest): Promise<RegisterBatchResponse> {
      serials.push(...req.entries.map((e) => String(e.kit.serialNumber)));
      return { outcomes: req.entries.map((e) => ({ idempotencyKey: e.idempotencyKey, kitId: next++, replayed: false })) };
    },
  } as unknown as KitsClient;
  return { client, serials };
}

function setup(content: string, committed: RowOutcome[] = []) {
  const stored = storedJob(content, committed);
  const kits = kitsContext();
  const rows = new RegistrationRows(new FallbackPostcodeGeocoder([]), kits.client);
  const handler = new RunImportHandler(stored.repository, rows, { IMPORTS_BATCH_SIZE: 2 });
  const progress: number[] = [];
  const run = () => handler.execute('job-1', async (p) => void progress.push(p));
  return { ...stored, kits, run, progress, handler };
}

describe(RunImportHandler.name, () => {
  it('keeps the good rows of a file and records each bad one as that row’s outcome, never failing the job', async () => {
    const malformed = JSON.stringify({ monday: { open: true, startTime: { toString: 1 } } });
    const s = setup(
      file(
        row({ serialNumber: 'GOOD-1', availability: JSON.stringify(defaultAvailability()) }),
        row({ serialNumber: 'BAD-1', availability: malformed }),
        row({ serialNumber: 'GOOD-2' }),
        row({ serialNumber: 'BAD-2', availability: '{"funday":{"isOpen":true}}' }),
      ),
    );
    expect(await s.run()).toEqual({ total: 4, created: 2, failed: 2 });
    expect(s.job.status).toBe('completed');
    expect(s.kits.serials).toEqual(['GOOD-1', 'GOOD-2']);
    expect(s.outcomes.get(3)).toEqual({ row: 3, errors: [AvailabilityMessages.dayTime('monday', 'startTime')] });
    expect(s.outcomes.get(5)).toEqual({ row: 5, errors: [AvailabilityMessages.unknownKey('funday')] });
    expect(s.progress.length).toBe(2);
  });

  it('resumes after the last committed row: a row with an outcome is never sent again', async () => {
    const s = setup(file(row({ serialNumber: 'DONE' }), row({ serialNumber: 'NEXT' })), [{ row: 2, kitId: 7 }]);
    expect(await s.run()).toMatchObject({ created: 2, failed: 0 });
    expect(s.kits.serials).toEqual(['NEXT']);
  });

  it('answers a completed job with its counts, and refuses a job that cannot run so that it is not retried', async () => {
    const done = setup(file(row()));
    await done.run();
    expect(await done.run()).toMatchObject({ created: 1 });
    expect(done.kits.serials).toHaveLength(1);
    await expect(setup('serialNumber\r\nX').run()).rejects.toBeInstanceOf(JobCannotRun);
    await expect(done.handler.execute('no-such-job', async () => undefined)).rejects.toBeInstanceOf(JobCannotRun);
  });
});
