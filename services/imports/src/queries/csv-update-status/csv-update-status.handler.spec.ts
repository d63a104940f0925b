import { CsvUpdateMessages, ErrorCode } from '@bleedkits/contracts';
import { codedRefusal } from '@bleedkits/platform/testing';
import { JOB_ID, OTHER_JOB_ID, aUser, anAdmin, anotherAdmin, csvUpdateJob, csvUpdateJobs } from '../../../test/handler-doubles';
import { CsvUpdateStatusHandler } from './csv-update-status.handler';

describe(CsvUpdateStatusHandler.name, () => {
  const setup = () =>
    new CsvUpdateStatusHandler(
      csvUpdateJobs([
        csvUpdateJob(JOB_ID, { status: 'processing', total: 10, successful: 6, failed: 2 }),
        csvUpdateJob(OTHER_JOB_ID, { status: 'staging' }),
      ]).repository,
    );

  it("answers any admin the job's status, its total and progress as {successful, failed}", async () => {
    const expected = { jobId: JOB_ID, status: 'processing', totalUpdates: 10, progress: { successful: 6, failed: 2 } };
    expect(await setup().execute({ actor: anAdmin, jobId: JOB_ID })).toEqual(expected);
    expect(await setup().execute({ actor: anotherAdmin, jobId: JOB_ID })).toEqual(expected);
  });

  it('shows a job still being staged as queued (the spec has no staging state)', async () => {
    expect(await setup().execute({ actor: anAdmin, jobId: OTHER_JOB_ID })).toMatchObject({ status: 'queued', totalUpdates: 0 });
  });

  it('refuses anyone but an admin, and answers not found for a missing or malformed id', async () => {
    const handler = setup();
    for (const actor of [aUser, undefined])
      expect(await codedRefusal(handler.execute({ actor: actor!, jobId: JOB_ID }))).toEqual({
        code: ErrorCode.Forbidden,
        message: 'Admin access is required.',
      });
    const notFound = { code: ErrorCode.NotFound, message: CsvUpdateMessages.jobNotFound };
    expect(await codedRefusal(handler.execute({ actor: anAdmin, jobId: '3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f6ff' }))).toEqual(notFound);
    expect(await codedRefusal(handler.execute({ actor: anAdmin, jobId: 'job-1' }))).toEqual(notFound);
  });
});
