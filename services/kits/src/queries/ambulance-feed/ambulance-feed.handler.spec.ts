import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  FEED_MAX_LIMIT,
  FEED_PART_RECORDS,
  FEED_PART_WIRE,
  type FeedPartRequest,
  type FeedPartResponse,
  FeedMessages,
} from '@bleedkits/contracts';
import type { FeedEntryRow } from '../../database/ambulance-feed.repository';
import { feedKit, feedRepository, kitEntry, withdrawalEntry } from '../../../test/feed-doubles';
import { refusal } from '../../../test/handler-doubles';
import { AmbulanceFeedHandler, FEED_PART_MAX_ROWS, feedRecordJson } from './ambulance-feed.handler';
import { FeedClientAuth } from './feed-client-auth';

describe(AmbulanceFeedHandler.name, () => {
  const setup = async (entries: FeedEntryRow[] = []) => {
    const f = feedRepository({ entries });
    const controlRoom = await f.addClient('north_west', 'NWAS');
    const responderApp = await f.addClient('responder_app', 'App');
    return { f, controlRoom, responderApp, handler: new AmbulanceFeedHandler(f.repository, new FeedClientAuth(f.repository)) };
  };
  const read = async (json: Promise<{ json: string }>) => {
    const wire = (await json).json;
    // The gateway finds the records by the wire's key order: count, lastRevision, exhausted, then records.
    expect(FEED_PART_WIRE.test(`"response":${wire}`)).toBe(true);
    return JSON.parse(wire) as FeedPartResponse;
  };

  describe('open', () => {
    /** 1,500 kits in north_west at revisions 10, 20, …, 15,000; one in london after them. */
    const many = () => [
      ...Array.from({ length: 1500 }, (_, i) => kitEntry('north_west', feedKit(i + 1, (i + 1) * 10))),
      kitEntry('london', feedKit(9999, 15_010, { ambulanceService: 'london' })),
    ];

    it("splits a page of the scope's revisions into ranges of the part size, says whether more waits, and touches the key", async () => {
      const { f, controlRoom, handler } = await setup(many());
      const page = await handler.open({ keyHash: controlRoom.keyHash, afterRevision: 0, limit: 1400 });
      expect(page).toEqual({
        clientId: controlRoom.id,
        scope: 'north_west',
        headRevision: 15_000,
        ranges: [
          { afterRevision: 0, upToRevision: FEED_PART_RECORDS * 10, records: FEED_PART_RECORDS },
          { afterRevision: FEED_PART_RECORDS * 10, upToRevision: 2 * FEED_PART_RECORDS * 10, records: FEED_PART_RECORDS },
          { afterRevision: 2 * FEED_PART_RECORDS * 10, upToRevision: 14_000, records: 1400 - 2 * FEED_PART_RECORDS },
        ],
        hasMore: true,
      });
      expect(f.touched).toEqual([controlRoom.id]);
      const next = await handler.open({ keyHash: controlRoom.keyHash, afterRevision: 14_000 });
      expect(next).toMatchObject({ ranges: [{ afterRevision: 14_000, upToRevision: 15_000, records: 100 }], hasMore: false });
    });

    it('answers nothing after the head without reading revisions, and bounds the limit and cursor', async () => {
      const { f, controlRoom, handler } = await setup(many());
      const revisions = jest.spyOn(f.repository, 'scopeRevisions');
      expect(await handler.open({ keyHash: controlRoom.keyHash, afterRevision: 15_000 })).toMatchObject({ ranges: [], hasMore: false });
      expect(revisions).not.toHaveBeenCalled();
      await handler.open({ keyHash: controlRoom.keyHash, afterRevision: -5, limit: 99_999 });
      expect(revisions).toHaveBeenLastCalledWith('north_west', 0, 15_000, FEED_MAX_LIMIT + 1);
      await handler.open({ keyHash: controlRoom.keyHash, afterRevision: 'abc' as never, limit: 0 });
      expect(revisions).toHaveBeenLastCalledWith('north_west', 0, 15_000, 2);
      await handler.open({ keyHash: controlRoom.keyHash });
      expect(revisions).toHaveBeenLastCalledWith('north_west', 0, 15_000, 501);
    });

    it('answers an unknown, malformed or revoked key alike', async () => {
      const { f, controlRoom, handler } = await setup();
      const unknown = await refusal(handler.open({ keyHash: 'a'.repeat(64) }));
      expect(unknown).toEqual({ code: ErrorCode.Unauthenticated, message: FeedMessages.unauthorised });
      expect(await refusal(handler.open({ keyHash: 'Bearer bkf_x' }))).toEqual(unknown);
      expect(await refusal(handler.open(undefined as never))).toEqual(unknown);
      await f.repository.revokeClient(controlRoom.id, 'admin');
      expect(await refusal(handler.open({ keyHash: controlRoom.keyHash }))).toEqual(unknown);
      expect(f.touched).toEqual([]);
    });
  });

  describe('part', () => {
    const locked = feedKit(1, 10, { cabinetCode: '4321' });
    const unlocked = feedKit(3, 30, { cabinetCode: null, locationType: 'unlocked_cabinet' });
    const entries = [
      kitEntry('north_west', locked),
      withdrawalEntry('north_west', 2, 20, 'rejected'),
      kitEntry('north_west', unlocked),
      kitEntry('responder_app', feedKit(1, 10, { cabinetCode: '4321' })),
    ];
    const ask = (keyHash: string, over: Partial<Record<keyof FeedPartRequest, unknown>> = {}): FeedPartRequest => ({
      keyHash,
      requestId: randomUUID(),
      clientAddress: '10.0.0.1',
      afterRevision: 0,
      upToRevision: 30,
      limit: FEED_PART_MAX_ROWS,
      ...(over as Partial<FeedPartRequest>),
    });

    it("gives a control room its scope's kits with codes and its withdrawals, logged before the part leaves", async () => {
      const { f, controlRoom, handler } = await setup(entries);
      const req = ask(controlRoom.keyHash);
      const part = await read(handler.part(req));
      expect(part).toMatchObject({ count: 3, lastRevision: 30, exhausted: true });
      expect(part.records).toEqual([
        expect.objectContaining({ id: 1, reference: 'BCK-1', revision: 10, withdrawn: false, cabinetCode: '4321', ambulanceService: 'north_west' }),
        { id: 2, reference: 'BCK-2', revision: 20, withdrawn: true, reason: 'rejected' },
        expect.objectContaining({ id: 3, withdrawn: false, cabinetCode: null }),
      ]);
      expect(f.accessLog).toEqual([
        { requestId: req.requestId, clientId: controlRoom.id, scope: 'north_west', kitsReturned: 2, codesReturned: 1, clientAddress: '10.0.0.1' },
      ]);
    });

    it('never gives the responder app a cabinet code, and does not log it', async () => {
      const { f, responderApp, handler } = await setup(entries);
      const part = await read(handler.part(ask(responderApp.keyHash, { clientAddress: undefined })));
      expect(part.records).toHaveLength(1);
      expect(part.records[0]).not.toHaveProperty('cabinetCode');
      expect(JSON.stringify(part)).not.toContain('4321');
      expect(f.accessLog).toEqual([]);
    });

    it('logs no part without kits, and reads nothing for an empty range', async () => {
      const { f, controlRoom, handler } = await setup(entries);
      expect(await read(handler.part(ask(controlRoom.keyHash, { afterRevision: 10, upToRevision: 20 })))).toMatchObject({
        count: 1,
        lastRevision: 20,
      });
      expect(f.accessLog).toEqual([]);
      f.calls.length = 0;
      expect(await read(handler.part(ask(controlRoom.keyHash, { afterRevision: 30, upToRevision: 30 })))).toEqual({
        count: 0,
        lastRevision: 30,
        exhausted: true,
        records: [],
      });
      expect(f.calls).not.toContain('scopeRecords');
    });

    it('ends a part at the row limit or the byte budget, not exhausted, resuming after the last record it holds', async () => {
      const { controlRoom, handler } = await setup(entries);
      expect(await read(handler.part(ask(controlRoom.keyHash, { limit: 2 })))).toMatchObject({ count: 2, lastRevision: 20, exhausted: false });
      const big = (id: number) => kitEntry('north_west', feedKit(id, id, { detailedLocation: 'x'.repeat(400_000) }));
      const large = await setup([big(1), big(2), big(3)]);
      const req = ask(large.controlRoom.keyHash, { upToRevision: 3, clientAddress: undefined });
      const part = await read(large.handler.part(req));
      expect(part).toMatchObject({ count: 1, lastRevision: 1, exhausted: false });
      // Only what left is logged, with the address it came from unknown.
      expect(large.f.accessLog).toEqual([expect.objectContaining({ kitsReturned: 1, codesReturned: 1, clientAddress: 'unknown' })]);
    });

    it('refuses a request id that is not a UUID, after the key', async () => {
      const { controlRoom, handler } = await setup(entries);
      expect((await refusal(handler.part(ask(controlRoom.keyHash, { requestId: 'r-1' })))).errors).toEqual(['requestId must be a UUID']);
      expect((await refusal(handler.part(ask('b'.repeat(64), { requestId: 'r-1' })))).code).toBe(ErrorCode.Unauthenticated);
    });
  });

  it('turns a kit gone without a reason into a deletion', () => {
    expect(JSON.parse(feedRecordJson({ kitId: 5, revision: 50, withdrawnReason: null, recordJson: null, hasCabinetCode: false }))).toEqual({
      id: 5,
      reference: 'BCK-5',
      revision: 50,
      withdrawn: true,
      reason: 'deleted',
    });
  });
});
