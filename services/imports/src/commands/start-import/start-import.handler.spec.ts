import { randomUUID } from 'node:crypto';
import { type Actor, ErrorCode, IMPORT_COLUMNS, ImportMessages, type QueueNames } from '@bleedkits/contracts';
import { CodedError } from '@bleedkits/contracts';
import type { NatsBus, TypedQueue } from '@bleedkits/platform';
import type { ImportJobRepository, ImportJobRow } from '../../database/import-job.repository';
import type { StagedUploadRepository } from '../../database/staged-upload.repository';
import { StartImportHandler } from './start-import.handler';

const user: Actor = { id: 'user-1', role: 'user', email: 'user@example.org' };
const admin: Actor = { id: 'admin-1', role: 'admin', email: 'admin@example.org' };
const line = (i: number) => IMPORT_COLUMNS.map((c) => (c === 'serialNumber' ? `S-${i}` : 'x')).join(',');
const file = (rows: number) => [IMPORT_COLUMNS.join(','), ...Array.from({ length: rows }, (_, i) => line(i))].join('\r\n');

/** The handler's ports replaced: the staged upload is the given file; created jobs and queued ids are recorded. */
function setup(content: string, limits = { IMPORT_MAX_ROWS: 3, IMPORT_MAX_ROWS_ADMIN: 5 }) {
  const created: { id: string; total: number }[] = [];
  const queued: string[] = [];
  const staged = {
    assemble: async () => Buffer.from(content, 'utf8'),
    discard: async () => undefined,
    purgeStale: async () => undefined,
  } as unknown as StagedUploadRepository;
  const jobs = {
    find: async (id: string) => {
      const job = created.find((j) => j.id === id);
      return job
        ? ({ id, requestedBy: user.id, status: 'queued', total: job.total, processed: 0, created: 0, failed: 0 } as unknown as ImportJobRow)
        : null;
    },
    transaction: async (work: (m: unknown) => Promise<void>) => work({}),
    create: async (_m: unknown, job: { id: string; total: number }) => void created.push({ id: job.id, total: job.total }),
  } as unknown as ImportJobRepository;
  const queue = {
    add: async (_name: string, _data: unknown, opts: { jobId: string }) => void queued.push(opts.jobId),
  } as unknown as TypedQueue<typeof QueueNames.csvImport>;
  const handler = new StartImportHandler(staged, jobs, {} as NatsBus, queue, limits);
  const start = (actor: Actor) => handler.execute({ actor, uploadId: randomUUID(), parts: 1, fileName: 'kits.csv' });
  return { start, created, queued };
}

async function refusal(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    if (e instanceof CodedError) return e.body;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe(StartImportHandler.name, () => {
  it("takes a file of up to the caller's row limit and queues it with its row count", async () => {
    const s = setup(file(3));
    expect((await s.start(user)).total).toBe(3);
    expect(s.created).toEqual([{ id: s.queued[0], total: 3 }]);
  });

  it('refuses a file over the row limit before any job exists, naming the limit; admins have their own limit', async () => {
    const s = setup(file(4));
    expect(await refusal(s.start(user))).toEqual({
      code: ErrorCode.ValidationFailed,
      message: ImportMessages.tooManyRows(3),
      errors: [ImportMessages.tooManyRows(3)],
    });
    expect(s.created).toEqual([]);
    expect(s.queued).toEqual([]);
    expect((await s.start(admin)).total).toBe(4);
    expect(await refusal(setup(file(6)).start(admin))).toMatchObject({ message: ImportMessages.tooManyRows(5) });
  });

  it('counts blank rows as no kits, so they never use up the limit', async () => {
    const s = setup(`${file(3)}\r\n,,,\r\n\r\n`);
    expect((await s.start(user)).total).toBe(3);
  });
});
