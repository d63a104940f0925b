import { CSV_UPDATES_MAX, CSV_UPDATES_PART, CsvUpdateMessages, ErrorCode, type StageCsvUpdatesRequest } from '@bleedkits/contracts';
import { codedRefusal } from '@bleedkits/platform/testing';
import { JOB_ID, aUser, anAdmin, anotherAdmin, csvUpdateJob, csvUpdateJobs } from '../../../test/handler-doubles';
import { StageCsvUpdatesHandler } from './stage-csv-updates.handler';

/** An approved update as the browser sends it (spec shape). */
const change = (dbId: string | number, newValue = 'Altrincham') => ({
  action: 'update',
  db_id: dbId,
  changes: [{ field: 'city', old_value: 'Sale', new_value: newValue }],
});
const newKit = { action: 'create', csv_data: { 'Serial Number': ' NEW-1 ', City: 'Leeds' } };
const validation = (...errors: string[]) => ({ code: ErrorCode.ValidationFailed, message: errors.join(' '), errors });

describe(StageCsvUpdatesHandler.name, () => {
  function setup(jobs = [csvUpdateJob(JOB_ID)]) {
    const u = csvUpdateJobs(jobs);
    const handler = new StageCsvUpdatesHandler(u.repository);
    const stage = (r: Partial<StageCsvUpdatesRequest>) =>
      handler.execute({ actor: anAdmin, jobId: JOB_ID, firstPosition: 0, updates: [change(1)], ...r });
    return { u, stage };
  }

  it('stores each update read into its checked form at its position and answers how many; a part sent again changes nothing', async () => {
    const { u, stage } = setup([]);
    expect(await stage({ firstPosition: 10, updates: [change('BCK-7'), newKit] })).toEqual({ staged: 2 });
    expect(u.jobs.get(JOB_ID)).toMatchObject({ requestedBy: anAdmin.id, status: 'staging' });
    expect([...u.staged.get(JOB_ID)!]).toEqual([
      [10, { action: 'update', kitId: 7, changes: [{ field: 'city', oldValue: 'Sale', newValue: 'Altrincham' }] }],
      [11, { action: 'create', row: { 'Serial Number': 'NEW-1', City: 'Leeds' } }],
    ]);
    expect(await stage({ firstPosition: 10, updates: [change('BCK-7', 'Bolton'), newKit] })).toEqual({ staged: 2 });
    expect(u.staged.get(JOB_ID)!.get(10)).toMatchObject({ changes: [{ newValue: 'Altrincham' }] });
  });

  it('refuses anyone but an admin, storing nothing', async () => {
    const { u, stage } = setup();
    for (const actor of [aUser, undefined])
      expect(await codedRefusal(stage({ actor: actor! }))).toEqual({ code: ErrorCode.Forbidden, message: 'Admin access is required.' });
    expect(u.staged.size).toBe(0);
  });

  it('refuses a job id that is not a UUID and a first position outside 0..CSV_UPDATES_MAX-1', async () => {
    const { u, stage } = setup();
    expect(await codedRefusal(stage({ jobId: 'job-1' }))).toEqual(validation('jobId must be a UUID'));
    for (const firstPosition of [-1, 1.5, CSV_UPDATES_MAX, 'zero' as unknown as number])
      expect(await codedRefusal(stage({ firstPosition }))).toEqual(validation('firstPosition is out of range'));
    expect(await stage({ firstPosition: CSV_UPDATES_MAX - 1 })).toEqual({ staged: 1 });
    expect(u.staged.get(JOB_ID)!.size).toBe(1);
  });

  it('refuses a part with no updates, more than CSV_UPDATES_PART, or running past CSV_UPDATES_MAX', async () => {
    const { u, stage } = setup();
    for (const updates of [[], undefined, 'x'] as unknown[][])
      expect(await codedRefusal(stage({ updates }))).toEqual(validation(CsvUpdateMessages.noUpdates));
    const part = Array.from({ length: CSV_UPDATES_PART + 1 }, (_, i) => change(i + 1));
    expect(await codedRefusal(stage({ updates: part }))).toEqual(validation(CsvUpdateMessages.tooMany));
    expect(await codedRefusal(stage({ firstPosition: CSV_UPDATES_MAX - 1, updates: [change(1), change(2)] }))).toEqual(
      validation(CsvUpdateMessages.tooMany),
    );
    expect(await stage({ updates: part.slice(1) })).toEqual({ staged: CSV_UPDATES_PART });
    expect(u.staged.get(JOB_ID)!.size).toBe(CSV_UPDATES_PART);
  });

  it('reports every bad update, numbered from 1 as the whole request counts them, and stores none of the part', async () => {
    const { u, stage } = setup();
    const res = await codedRefusal(stage({ firstPosition: 500, updates: [change(1), change('BCK-x'), { action: 'delete' }, null] }));
    expect(res).toEqual(
      validation(
        CsvUpdateMessages.badUpdate(502, 'db_id must be a kit id'),
        CsvUpdateMessages.badUpdate(503, "action must be 'update' or 'create'"),
        CsvUpdateMessages.badUpdate(504, 'must be an object'),
      ),
    );
    expect(u.staged.size).toBe(0);
  });

  it("refuses a part of another admin's job and of a job already queued, as conflicts", async () => {
    const theirs = setup([csvUpdateJob(JOB_ID, { requestedBy: anotherAdmin.id })]);
    expect(await codedRefusal(theirs.stage({}))).toEqual({ code: ErrorCode.Conflict, message: 'This job belongs to someone else.' });
    expect(theirs.u.staged.size).toBe(0);
    const queued = setup([csvUpdateJob(JOB_ID, { status: 'queued', total: 3 })]);
    expect(await codedRefusal(queued.stage({}))).toEqual({ code: ErrorCode.Conflict, message: 'This job has already been queued.' });
    expect(queued.u.staged.size).toBe(0);
  });
});
