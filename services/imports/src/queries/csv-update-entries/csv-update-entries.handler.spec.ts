import { CSV_UPDATE_ENTRIES_PART, type CsvUpdateEntry, CsvUpdateMessages, ErrorCode } from '@bleedkits/contracts';
import { codedRefusal } from '@bleedkits/platform/testing';
import { JOB_ID, aUser, anAdmin, anotherAdmin, csvUpdateJob, csvUpdateJobs } from '../../../test/handler-doubles';
import { CSV_UPDATE_ENTRIES_PART_BYTES, CsvUpdateEntriesHandler } from './csv-update-entries.handler';

const entry = (id: number, e: Partial<CsvUpdateEntry> = {}): CsvUpdateEntry => ({
  id,
  status: 'completed',
  action: 'update',
  dbId: id * 10,
  processedAt: '2027-03-10T12:00:00.000Z',
  errorMessage: null,
  ...e,
});

describe(CsvUpdateEntriesHandler.name, () => {
  function setup(entries = [entry(3), entry(7, { status: 'failed', errorMessage: "city is now 'Sale Moor', not 'Sale'" }), entry(8)]) {
    const u = csvUpdateJobs([csvUpdateJob(JOB_ID, { status: 'completed', total: entries.length })], { [JOB_ID]: entries });
    return { u, handler: new CsvUpdateEntriesHandler(u.repository) };
  }

  it("answers any admin the job's entries by id, a part at a time after the id it was given", async () => {
    const { handler } = setup();
    expect(await handler.execute({ actor: anotherAdmin, jobId: JOB_ID })).toEqual({
      entries: [entry(3), expect.objectContaining({ id: 7, status: 'failed' }), entry(8)],
      next: null,
      hasMore: false,
    });
    const first = await handler.execute({ actor: anAdmin, jobId: JOB_ID, limit: 2 });
    expect(first).toMatchObject({ next: 7, hasMore: true });
    expect(first.entries.map((e) => e.id)).toEqual([3, 7]);
    expect(await handler.execute({ actor: anAdmin, jobId: JOB_ID, afterId: first.next, limit: 2 })).toEqual({
      entries: [entry(8)],
      next: null,
      hasMore: false,
    });
  });

  it('keeps the limit within 1..CSV_UPDATE_ENTRIES_PART and reads from the start after a position that is not a number', async () => {
    const { u, handler } = setup();
    for (const limit of [undefined, 0, -3, CSV_UPDATE_ENTRIES_PART * 5, 'ten' as unknown as number])
      await handler.execute({ actor: anAdmin, jobId: JOB_ID, limit });
    await handler.execute({ actor: anAdmin, jobId: JOB_ID, afterId: 'x' as unknown as number });
    // One entry more is read to know if there are more.
    const most = CSV_UPDATE_ENTRIES_PART + 1;
    expect(u.entriesAfterCalls.map((c) => c.limit)).toEqual([most, most, 2, most, most, most]);
    expect(u.entriesAfterCalls.map((c) => c.afterId)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('ends a part early at about 600 KB of JSON (long error messages), but always answers at least one entry', async () => {
    const long = 'N'.repeat(CSV_UPDATE_ENTRIES_PART_BYTES / 2);
    const { handler } = setup([entry(1, { errorMessage: long }), entry(2, { errorMessage: long }), entry(3)]);
    const part = await handler.execute({ actor: anAdmin, jobId: JOB_ID });
    expect(part.entries.map((e) => e.id)).toEqual([1]);
    expect(part).toMatchObject({ next: 1, hasMore: true });
    const huge = setup([entry(1, { errorMessage: 'N'.repeat(CSV_UPDATE_ENTRIES_PART_BYTES * 2) })]);
    expect((await huge.handler.execute({ actor: anAdmin, jobId: JOB_ID })).entries.map((e) => e.id)).toEqual([1]);
  });

  it('refuses anyone but an admin and answers not found for a missing or malformed id, reading no entries', async () => {
    const { u, handler } = setup();
    for (const actor of [aUser, undefined])
      expect(await codedRefusal(handler.execute({ actor: actor!, jobId: JOB_ID }))).toEqual({
        code: ErrorCode.Forbidden,
        message: 'Admin access is required.',
      });
    const notFound = { code: ErrorCode.NotFound, message: CsvUpdateMessages.jobNotFound };
    expect(await codedRefusal(handler.execute({ actor: anAdmin, jobId: '3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f6ff' }))).toEqual(notFound);
    expect(await codedRefusal(handler.execute({ actor: anAdmin, jobId: 'job-1' }))).toEqual(notFound);
    expect(u.entriesAfterCalls).toEqual([]);
  });
});
