import {
  type ApprovedDownloadPartRequest,
  type ApprovedDownloadPartResponse,
  ApprovedDownloadMessages,
  ErrorCode,
  NEVER_DOWNLOADED_SENTINEL,
  addCalendarDays,
  londonToday,
} from '@bleedkits/contracts';
import type { KitsEnv } from '../../config/env';
import { feedKit, feedRepository, kitEntry, withdrawalEntry } from '../../../test/feed-doubles';
import { kitPorts, refusal, someone } from '../../../test/handler-doubles';
import { DOWNLOAD_PART_MAX_ROWS, DownloadApprovedKitsHandler } from './download-approved-kits.handler';

describe(DownloadApprovedKitsHandler.name, () => {
  const admin = someone('admin');
  const verifiedNow = new Date().toISOString();
  const tenDaysOverdue = addCalendarDays(londonToday(), -10);
  const hidden = feedKit(1, 11, { publicDisplay: false, lastVerifiedAt: verifiedNow, cabinetCode: '4321' });
  const overdue = feedKit(3, 13, { nextVerificationDue: tenDaysOverdue });
  const setup = (
    graceDays = 30,
    entries = [withdrawalEntry('london', 1, 11, 'moved_to_another_service'), kitEntry('north_west', hidden), kitEntry('north_west', overdue)],
  ) => {
    const f = feedRepository({ entries, head: 13 });
    const p = kitPorts();
    return {
      f,
      audited: p.audited,
      handler: new DownloadApprovedKitsHandler(f.repository, { VERIFICATION_GRACE_DAYS: graceDays } as KitsEnv, p.audit),
    };
  };
  const read = async (json: Promise<{ json: string }>) => JSON.parse((await json).json) as ApprovedDownloadPartResponse;
  const partOf = (req: Partial<ApprovedDownloadPartRequest>) =>
    ({ fromRevision: 10, toRevision: 13, after: null, limit: 2000, ...req }) as ApprovedDownloadPartRequest;

  it('is for admins only, in every step', async () => {
    const { f, handler } = setup();
    for (const actor of [someone(), undefined as never]) {
      expect((await refusal(handler.last({ actor }))).code).toBe(ErrorCode.Forbidden);
      expect((await refusal(handler.begin({ actor }))).code).toBe(ErrorCode.Forbidden);
      expect((await refusal(handler.part({ actor, ...partOf({}) }))).code).toBe(ErrorCode.Forbidden);
      const commit = { fromRevision: 0, toRevision: 13, kitCount: 1, withdrawalCount: 0, downloadedAt: verifiedNow };
      expect((await refusal(handler.commit({ actor, ...commit }))).code).toBe(ErrorCode.Forbidden);
    }
    expect(f.calls).toEqual([]);
  });

  it('begins after the last completed download and up to the head, from the start of time when there was none', async () => {
    const { f, handler } = setup();
    expect(await handler.last({ actor: admin })).toEqual({ lastDownloadDate: NEVER_DOWNLOADED_SENTINEL });
    const first = await handler.begin({ actor: admin });
    expect(first).toMatchObject({ fromRevision: 0, toRevision: 13, fromDate: NEVER_DOWNLOADED_SENTINEL });
    expect(Date.now() - Date.parse(first.toDate)).toBeLessThan(60_000);

    const downloadedAt = new Date('2025-03-01T08:00:00.000Z');
    f.downloads.push({ fromRevision: 0, toRevision: 11, kitCount: 1, withdrawalCount: 0, downloadedBy: admin.id, downloadedAt });
    expect(await handler.last({ actor: admin })).toEqual({ lastDownloadDate: downloadedAt.toISOString() });
    expect(await handler.begin({ actor: admin })).toMatchObject({ fromRevision: 11, toRevision: 13, fromDate: downloadedAt.toISOString() });
    // A head behind the watermark (a restored database) never makes a backwards range.
    f.state.head = 5;
    expect(await handler.begin({ actor: admin })).toMatchObject({ fromRevision: 11, toRevision: 11 });
  });

  it('gives each service its kits (codes and hidden kits included) and withdrawals, in parts that resume after the last line', async () => {
    const { handler } = setup();
    const first = await read(handler.part({ actor: admin, ...partOf({ limit: 2 }) }));
    expect(first).toEqual({
      lines: [
        { service: 'london', withdrawal: { id: 1, reason: 'moved_to_another_service' } },
        {
          service: 'north_west',
          kit: {
            id: 1,
            serialNumber: 'SN-1',
            locationName: 'Kit 1',
            locationType: 'locked_cabinet',
            addressLine1: '1 High Street',
            addressLine2: null,
            city: 'Altrincham',
            postcode: 'WA15 8FH',
            what3words: null,
            latitude: 53.384092,
            longitude: -2.337856,
            detailedLocation: null,
            openingHours: '24/7',
            deploymentStatus: 'available',
            lastVerifiedAt: verifiedNow,
            cabinetCode: '4321',
            ambulanceService: 'north_west',
            publicDisplay: false,
            approvedAt: '2025-01-10T10:00:00.000Z',
            verificationState: 'current',
          },
        },
      ],
      last: { revision: 11, service: 'north_west' },
      exhausted: false,
    });
    const second = await read(handler.part({ actor: admin, ...partOf({ limit: 2, after: first.last }) }));
    expect(second.lines.map((l) => ('kit' in l ? l.kit.id : null))).toEqual([3]);
    expect(second).toMatchObject({ last: { revision: 13, service: 'north_west' }, exhausted: true });
    const empty = await read(handler.part({ actor: admin, ...partOf({ fromRevision: 13 }) }));
    expect(empty).toEqual({ lines: [], last: null, exhausted: true });
  });

  it("reads 'Needs Verification' once a kit is overdue by more than the configured grace days", async () => {
    const state = async (graceDays: number) => {
      const { lines } = await read(setup(graceDays).handler.part({ actor: admin, ...partOf({ fromRevision: 12 }) }));
      return lines.map((l) => ('kit' in l ? l.kit.verificationState : null));
    };
    expect(await state(30)).toEqual(['overdue']);
    expect(await state(5)).toEqual(['needs_verification']);
  });

  it('bounds a part by rows and by bytes, and refuses a range that did not come from a download that began', async () => {
    const big = (id: number) => kitEntry('north_west', feedKit(id, id, { detailedLocation: 'x'.repeat(400_000) }));
    const { f, handler } = setup(30, [big(1), big(2)]);
    const asked: number[] = [];
    const downloadEntries = f.repository.downloadEntries.bind(f.repository);
    f.repository.downloadEntries = async (from, to, after, limit) => {
      asked.push(limit);
      return downloadEntries(from, to, after, limit);
    };
    const part = await read(handler.part({ actor: admin, ...partOf({ fromRevision: 0, toRevision: 2 }) }));
    expect(part).toMatchObject({ last: { revision: 1, service: 'north_west' }, exhausted: false });
    expect(part.lines).toHaveLength(1);
    // At least one row, at most DOWNLOAD_PART_MAX_ROWS; a limit that is no whole number asks for the most.
    for (const limit of [0, 1e9, -3, 'many' as unknown as number]) await handler.part({ actor: admin, ...partOf({ limit }) });
    expect(asked).toEqual([DOWNLOAD_PART_MAX_ROWS, 1, DOWNLOAD_PART_MAX_ROWS, DOWNLOAD_PART_MAX_ROWS, DOWNLOAD_PART_MAX_ROWS]);

    const bad: Partial<ApprovedDownloadPartRequest>[] = [
      { fromRevision: -1 },
      { toRevision: 'head' as unknown as number },
      { after: { revision: 1.5, service: 'north_west' } },
      { after: { revision: 11, service: 7 as unknown as string } },
    ];
    for (const req of bad) expect((await refusal(handler.part({ actor: admin, ...partOf(req) }))).code).toBe(ErrorCode.ValidationFailed);
    expect(asked).toHaveLength(5);
  });

  it('moves the watermark only on a commit that still starts from it, and not for an empty download', async () => {
    const { f, audited, handler } = setup();
    const downloadedAt = '2025-03-01T08:00:00.000Z';
    const commit = { fromRevision: 0, toRevision: 13, kitCount: 2, withdrawalCount: 1, downloadedAt };
    expect(await handler.commit({ actor: admin, ...commit, kitCount: 0, withdrawalCount: 0 })).toEqual({
      lastDownloadDate: NEVER_DOWNLOADED_SENTINEL,
    });
    expect(f.downloads).toEqual([]);

    expect(await handler.commit({ actor: admin, ...commit })).toEqual({ lastDownloadDate: downloadedAt });
    expect(f.downloads).toEqual([
      { fromRevision: 0, toRevision: 13, kitCount: 2, withdrawalCount: 1, downloadedBy: admin.id, downloadedAt: new Date(downloadedAt) },
    ]);
    // One audit entry per recorded download: who took the codes out and how many, never the codes.
    expect(audited).toEqual([
      expect.objectContaining({ actor: admin, action: 'codes.downloaded', before: null, after: { kitCount: 2, withdrawalCount: 1 } }),
    ]);
    // Another download that began at the same watermark finishes second: refused, nothing recorded.
    expect(await refusal(handler.commit({ actor: admin, ...commit, toRevision: 12 }))).toEqual({
      code: ErrorCode.Conflict,
      message: ApprovedDownloadMessages.concurrent,
    });
    expect(f.downloads).toHaveLength(1);
  });

  it('refuses an incomplete commit, or one beyond the register', async () => {
    const { f, handler } = setup();
    const commit = { fromRevision: 0, toRevision: 13, kitCount: 2, withdrawalCount: 1, downloadedAt: '2025-03-01T08:00:00.000Z' };
    for (const broken of [
      { toRevision: -1 },
      { fromRevision: 14 },
      { kitCount: 1.5 },
      { withdrawalCount: undefined },
      { downloadedAt: 'yesterday' },
    ]) {
      expect((await refusal(handler.commit({ actor: admin, ...({ ...commit, ...broken } as typeof commit) }))).errors).toEqual([
        'The download to record is incomplete',
      ]);
    }
    expect((await refusal(handler.commit({ actor: admin, ...commit, toRevision: 14 }))).errors).toEqual(['toRevision is beyond the register']);
    expect(f.downloads).toEqual([]);
  });
});
