import { ErrorCode, IMPORT_ERRORS_PART_BYTES, IMPORT_ERRORS_PART_ROWS, ImportMessages } from '@bleedkits/contracts';
import { codedRefusal } from '@bleedkits/platform/testing';
import { JOB_ID, aUser, anAdmin, anotherUser, importJob, importJobs } from '../../../test/handler-doubles';
import { ImportErrorsHandler } from './import-errors.handler';

describe(ImportErrorsHandler.name, () => {
  /** aUser's import of JOB_ID, refused at the given rows (row number → messages). */
  function setup(
    refused: Record<number, string[]> = { 2: ['Serial Number is required'], 5: ['Postcode is not valid', 'City is required'], 9: ['x'] },
  ) {
    const j = importJobs([importJob(JOB_ID)], { [JOB_ID]: refused });
    return { j, handler: new ImportErrorsHandler(j.repository) };
  }

  it('answers the refused rows with their messages in row order, to the importer and to admins', async () => {
    const { handler } = setup();
    const all = {
      errors: [
        [2, ['Serial Number is required']],
        [5, ['Postcode is not valid', 'City is required']],
        [9, ['x']],
      ],
      next: null,
      hasMore: false,
    };
    expect(await handler.execute({ actor: aUser, jobId: JOB_ID })).toEqual(all);
    expect(await handler.execute({ actor: anAdmin, jobId: JOB_ID })).toEqual(all);
  });

  it('pages after the row it was given, saying where the next part starts', async () => {
    const { handler } = setup();
    expect(await handler.execute({ actor: aUser, jobId: JOB_ID, limit: 2 })).toEqual({
      errors: [
        [2, ['Serial Number is required']],
        [5, ['Postcode is not valid', 'City is required']],
      ],
      next: 5,
      hasMore: true,
    });
    expect(await handler.execute({ actor: aUser, jobId: JOB_ID, afterRow: 5, limit: 2 })).toEqual({
      errors: [[9, ['x']]],
      next: null,
      hasMore: false,
    });
  });

  it('keeps the limit within 1..IMPORT_ERRORS_PART_ROWS and reads from the start after a position that is not a number', async () => {
    const { j, handler } = setup();
    for (const limit of [undefined, 0, -3, IMPORT_ERRORS_PART_ROWS * 5, 'ten' as unknown as number])
      await handler.execute({ actor: aUser, jobId: JOB_ID, limit });
    await handler.execute({ actor: aUser, jobId: JOB_ID, afterRow: 'x' as unknown as number });
    // Missing, zero or not a number: the most; negative: 1; too many: the most. One row more is read to know if there are more.
    expect(j.errorsAfterCalls.map((c) => c.limit)).toEqual([2001, 2001, 2, 2001, 2001, 2001]);
    expect(j.errorsAfterCalls.map((c) => c.afterRow)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('ends a part early at about IMPORT_ERRORS_PART_BYTES of JSON, but always answers at least one row', async () => {
    const long = 'N'.repeat(IMPORT_ERRORS_PART_BYTES / 2);
    const { handler } = setup({ 2: [long], 3: [long], 4: ['short'] });
    const part = await handler.execute({ actor: aUser, jobId: JOB_ID });
    expect(part.errors.map(([row]) => row)).toEqual([2]);
    expect(part).toMatchObject({ next: 2, hasMore: true });
    const huge = setup({ 2: ['N'.repeat(IMPORT_ERRORS_PART_BYTES * 2)] });
    expect((await huge.handler.execute({ actor: aUser, jobId: JOB_ID })).errors.map(([row]) => row)).toEqual([2]);
  });

  it('tells anyone else that the import does not exist, reading none of its rows', async () => {
    const { j, handler } = setup();
    const notFound = { code: ErrorCode.NotFound, message: ImportMessages.jobNotFound };
    expect(await codedRefusal(handler.execute({ actor: anotherUser, jobId: JOB_ID }))).toEqual(notFound);
    expect(await codedRefusal(handler.execute({ actor: undefined!, jobId: JOB_ID }))).toEqual(notFound);
    expect(await codedRefusal(handler.execute({ actor: anAdmin, jobId: 'not-a-uuid' }))).toEqual(notFound);
    expect(j.errorsAfterCalls).toEqual([]);
  });
});
