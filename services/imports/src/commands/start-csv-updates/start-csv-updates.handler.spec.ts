import { CsvUpdateMessages, type CsvUpdatesJobPayload, ErrorCode, type QueueNames } from '@bleedkits/contracts';
import type { TypedQueue } from '@bleedkits/platform';
import { codedRefusal, recordingQueue } from '@bleedkits/platform/testing';
import type { ValidUpdate } from '../../domain/approved-update';
import { JOB_ID, OTHER_JOB_ID, aUser, anAdmin, anotherAdmin, csvUpdateJob, csvUpdateJobs } from '../../../test/handler-doubles';
import { StartCsvUpdatesHandler } from './start-csv-updates.handler';

const update = (kitId: number): ValidUpdate => ({ action: 'update', kitId, changes: [{ field: 'city', oldValue: 'Sale', newValue: 'Altrincham' }] });

describe(StartCsvUpdatesHandler.name, () => {
  /** anAdmin's job JOB_ID with three updates staged; OTHER_JOB_ID is anotherAdmin's, with one. */
  async function setup() {
    const u = csvUpdateJobs([csvUpdateJob(OTHER_JOB_ID, { requestedBy: anotherAdmin.id })]);
    await u.repository.stage(JOB_ID, anAdmin, 0, [update(1), update(2), update(3)]);
    await u.repository.stage(OTHER_JOB_ID, anotherAdmin, 0, [update(4)]);
    const q = recordingQueue<CsvUpdatesJobPayload>();
    const handler = new StartCsvUpdatesHandler(u.repository, q.queue as unknown as TypedQueue<typeof QueueNames.csvUpdates>);
    return { u, q, handler };
  }

  it('queues a fully staged job once, keyed by its id, and answers its total; starting it again queues nothing more', async () => {
    const { u, q, handler } = await setup();
    expect(await handler.execute({ actor: anAdmin, jobId: JOB_ID, totalUpdates: 3 })).toEqual({ jobId: JOB_ID, totalUpdates: 3 });
    expect(u.jobs.get(JOB_ID)).toMatchObject({ status: 'queued', total: 3 });
    expect(await handler.execute({ actor: anAdmin, jobId: JOB_ID, totalUpdates: 3 })).toEqual({ jobId: JOB_ID, totalUpdates: 3 });
    expect(q.jobs).toEqual([{ name: 'apply', data: { jobId: JOB_ID }, jobId: JOB_ID, state: 'waiting' }]);
  });

  it('refuses anyone but an admin, before looking at the job', async () => {
    const { u, q, handler } = await setup();
    for (const actor of [aUser, undefined])
      expect(await codedRefusal(handler.execute({ actor: actor!, jobId: JOB_ID, totalUpdates: 3 }))).toEqual({
        code: ErrorCode.Forbidden,
        message: 'Admin access is required.',
      });
    expect(u.jobs.get(JOB_ID)!.status).toBe('staging');
    expect(q.jobs).toEqual([]);
  });

  it('refuses a job id that is not a UUID', async () => {
    const { q, handler } = await setup();
    expect(await codedRefusal(handler.execute({ actor: anAdmin, jobId: '../1', totalUpdates: 3 }))).toEqual({
      code: ErrorCode.ValidationFailed,
      message: 'jobId must be a UUID',
      errors: ['jobId must be a UUID'],
    });
    expect(q.jobs).toEqual([]);
  });

  it("tells an admin that another admin's job, or one never staged, is not found", async () => {
    const { u, q, handler } = await setup();
    const notFound = { code: ErrorCode.NotFound, message: CsvUpdateMessages.jobNotFound };
    expect(await codedRefusal(handler.execute({ actor: anAdmin, jobId: OTHER_JOB_ID, totalUpdates: 1 }))).toEqual(notFound);
    expect(await codedRefusal(handler.execute({ actor: anAdmin, jobId: '3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f6ff', totalUpdates: 1 }))).toEqual(notFound);
    expect(u.jobs.get(OTHER_JOB_ID)!.status).toBe('staging');
    expect(q.jobs).toEqual([]);
  });

  it('refuses a count that does not match what was staged (or none at all), leaving the job to be staged again', async () => {
    const { u, q, handler } = await setup();
    for (const totalUpdates of [2, 4, 0, Number.NaN])
      expect(await codedRefusal(handler.execute({ actor: anAdmin, jobId: JOB_ID, totalUpdates }))).toEqual({
        code: ErrorCode.ValidationFailed,
        message: CsvUpdateMessages.countMismatch,
        errors: [CsvUpdateMessages.countMismatch],
      });
    expect(u.jobs.get(JOB_ID)!.status).toBe('staging');
    expect(q.jobs).toEqual([]);
  });

  it('answers the error of a queue it cannot reach, after the job is sealed, so a retry queues it', async () => {
    const { u } = await setup();
    const down = recordingQueue<CsvUpdatesJobPayload>({ failWith: new Error('connect ECONNREFUSED 127.0.0.1:6379') });
    const handler = new StartCsvUpdatesHandler(u.repository, down.queue as unknown as TypedQueue<typeof QueueNames.csvUpdates>);
    await expect(handler.execute({ actor: anAdmin, jobId: JOB_ID, totalUpdates: 3 })).rejects.toThrow('ECONNREFUSED');
    const up = recordingQueue<CsvUpdatesJobPayload>();
    const retried = new StartCsvUpdatesHandler(u.repository, up.queue as unknown as TypedQueue<typeof QueueNames.csvUpdates>);
    expect(await retried.execute({ actor: anAdmin, jobId: JOB_ID, totalUpdates: 3 })).toEqual({ jobId: JOB_ID, totalUpdates: 3 });
    expect(up.jobs.map((j) => j.jobId)).toEqual([JOB_ID]);
  });
});
