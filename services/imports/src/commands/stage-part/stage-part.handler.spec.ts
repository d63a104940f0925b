import { ErrorCode, type StagePartRequest, UPLOAD_PART_BYTES } from '@bleedkits/contracts';
import { codedRefusal } from '@bleedkits/platform/testing';
import { JOB_ID as UPLOAD_ID, aUser, anotherUser, stagedUploads } from '../../../test/handler-doubles';
import { MAX_PARTS, StagePartHandler } from './stage-part.handler';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const validation = (message: string) => ({ code: ErrorCode.ValidationFailed, message, errors: [message] });

describe(StagePartHandler.name, () => {
  function setup() {
    const s = stagedUploads();
    const handler = new StagePartHandler(s.repository);
    const put = (r: Partial<StagePartRequest>) => handler.execute({ actor: aUser, uploadId: UPLOAD_ID, part: 0, data: base64('a,b\r\n'), ...r });
    return { s, put };
  }

  it("keeps the part's decoded bytes under its number and answers their count; a part sent again replaces itself", async () => {
    const { s, put } = setup();
    expect(await put({ part: 1, data: base64('Serial Number\r\nS-1\r\n') })).toEqual({ uploadId: UPLOAD_ID, part: 1, bytes: 20 });
    expect(await put({ part: 1, data: base64('Serial Number\r\n') })).toEqual({ uploadId: UPLOAD_ID, part: 1, bytes: 15 });
    expect(s.parts.get(`${UPLOAD_ID}/1`)).toEqual({ actorId: aUser.id, data: Buffer.from('Serial Number\r\n') });
    expect(await put({ part: MAX_PARTS - 1, data: undefined as unknown as string })).toEqual({ uploadId: UPLOAD_ID, part: MAX_PARTS - 1, bytes: 0 });
  });

  it('refuses a caller who is not signed in', async () => {
    const { s, put } = setup();
    for (const actor of [undefined, { ...aUser, id: '' }])
      expect(await codedRefusal(put({ actor: actor! }))).toEqual({ code: ErrorCode.Unauthenticated, message: 'Not signed in' });
    expect(s.parts.size).toBe(0);
  });

  it('refuses an upload id that is not a UUID, a part number outside 0..MAX_PARTS-1, and a part over UPLOAD_PART_BYTES', async () => {
    const { s, put } = setup();
    expect(await codedRefusal(put({ uploadId: 'upload-1' }))).toEqual(validation('uploadId must be a UUID'));
    for (const part of [-1, 0.5, MAX_PARTS, '0' as unknown as number])
      expect(await codedRefusal(put({ part }))).toEqual(validation(`part must be 0..${MAX_PARTS - 1}`));
    expect(await codedRefusal(put({ data: Buffer.alloc(UPLOAD_PART_BYTES + 1).toString('base64') }))).toEqual(
      validation(`A part carries at most ${UPLOAD_PART_BYTES} bytes`),
    );
    expect(s.parts.size).toBe(0);
    expect((await put({ data: Buffer.alloc(UPLOAD_PART_BYTES).toString('base64') })).bytes).toBe(UPLOAD_PART_BYTES);
  });

  it("refuses a part of someone else's upload as a conflict, leaving theirs as it was", async () => {
    const { s, put } = setup();
    await put({ data: base64('theirs') });
    expect(await codedRefusal(put({ actor: anotherUser, data: base64('mine') }))).toEqual({
      code: ErrorCode.Conflict,
      message: 'This upload belongs to someone else.',
    });
    expect(s.parts.get(`${UPLOAD_ID}/0`)!.data.toString()).toBe('theirs');
  });
});
