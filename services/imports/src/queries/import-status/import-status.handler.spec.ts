import { ErrorCode, ImportMessages } from '@bleedkits/contracts';
import { codedRefusal } from '@bleedkits/platform/testing';
import { JOB_ID, OTHER_JOB_ID, aUser, anAdmin, anotherUser, importJob, importJobs } from '../../../test/handler-doubles';
import { ImportStatusHandler } from './import-status.handler';

describe(ImportStatusHandler.name, () => {
  const notFound = { code: ErrorCode.NotFound, message: ImportMessages.jobNotFound };
  /** JOB_ID: started by anAdmin into anotherUser's account, 4 of 10 rows processed; OTHER_JOB_ID: aUser's own, completed. */
  const setup = () =>
    new ImportStatusHandler(
      importJobs([
        importJob(JOB_ID, {
          requestedBy: anAdmin.id,
          requestedByRole: 'admin',
          ownerId: anotherUser.id,
          processed: 4,
          created: 3,
          failed: 1,
          status: 'processing',
        }),
        importJob(OTHER_JOB_ID, { status: 'completed', processed: 9, finishedAt: new Date('2027-03-10T12:05:00Z') }),
      ]).repository,
    );

  it("answers the job's state and real progress to whoever started it, the account it imports into, and admins", async () => {
    const handler = setup();
    const expected = {
      jobId: JOB_ID,
      status: 'processing',
      progress: 40,
      fileName: 'kits.csv',
      total: 10,
      processed: 4,
      created: 3,
      failed: 1,
      finishedAt: null,
      errorMessage: null,
    };
    for (const actor of [anAdmin, anotherUser, { ...anAdmin, id: 'admin-9' }])
      expect(await handler.execute({ actor, jobId: JOB_ID })).toEqual(expected);
  });

  it('answers a completed job as 100%, with when it finished', async () => {
    expect(await setup().execute({ actor: aUser, jobId: OTHER_JOB_ID })).toMatchObject({
      status: 'completed',
      progress: 100,
      finishedAt: '2027-03-10T12:05:00.000Z',
    });
  });

  it('tells anyone else, an anonymous caller, and a caller asking for a missing or malformed id that it does not exist', async () => {
    const handler = setup();
    expect(await codedRefusal(handler.execute({ actor: aUser, jobId: JOB_ID }))).toEqual(notFound);
    expect(await codedRefusal(handler.execute({ actor: undefined!, jobId: JOB_ID }))).toEqual(notFound);
    expect(await codedRefusal(handler.execute({ actor: anAdmin, jobId: '3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f6ff' }))).toEqual(notFound);
    expect(await codedRefusal(handler.execute({ actor: anAdmin, jobId: "1' OR '1'='1" }))).toEqual(notFound);
    expect(await codedRefusal(handler.execute(undefined!))).toEqual(notFound);
  });
});
