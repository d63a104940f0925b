import { ErrorCode, VERIFICATION_REPORT_MAX_LIMIT } from '@bleedkits/contracts';
import { codedRefusal, fixedClock } from '@bleedkits/platform/testing';
import { projectedKit, projectionOf } from '../../../test/handler-doubles';
import type { KitFeedFollower } from '../../projection/kit-feed-follower';
import { ReportPageHandler } from './report-page.handler';

describe(ReportPageHandler.name, () => {
  const clock = fixedClock('2027-03-10T12:00:00Z');
  const kits = [
    projectedKit(1, '2027-03-01'),
    projectedKit(2, '2027-02-01'),
    projectedKit(3, '2027-03-10'),
    projectedKit(4, '2027-06-10'),
    projectedKit(5, '2027-06-11'),
  ];
  const setup = (behind = false) => {
    const positions: number[] = [];
    const feed = { isBehindFeed: async (p: number) => (positions.push(p), behind) } as unknown as KitFeedFollower;
    return { positions, handler: new ReportPageHandler(projectionOf(kits, 42), feed, clock) };
  };
  const header = { overdueCount: 2, upcomingCount: 2, totalCount: 5, cutoffDate: '2027-03-10', startDate: '2027-03-10', endDate: '2027-06-10' };

  it('pages a report most overdue first, with the counts, the total and how far the projection has read', async () => {
    const { handler, positions } = setup(true);
    const res = await handler.execute({ report: 'all', page: 1, limit: 2 });
    expect(res).toMatchObject({ report: 'all', header, total: 4, asOfRevision: 42, catchingUp: true, nextAfterId: null });
    expect(res.kits.map((k) => k.id)).toEqual([2, 1]);
    expect((await handler.execute({ report: 'all', page: 2, limit: 2 })).kits.map((k) => k.id)).toEqual([3, 4]);
    expect(positions).toEqual([42, 42]);
  });

  it('reads overdue as due before today and upcoming as due from today to three months on', async () => {
    const { handler } = setup();
    expect((await handler.execute({ report: 'overdue', page: 1 })).kits.map((k) => k.id)).toEqual([2, 1]);
    expect((await handler.execute({ report: 'upcoming', page: 1 })).kits.map((k) => k.id)).toEqual([3, 4]);
  });

  it('streams a download in kit-id order after afterId, the counts on the first page only', async () => {
    const { handler } = setup();
    const first = await handler.execute({ report: 'all', afterId: 0, limit: 2 });
    expect(first).toMatchObject({ header, nextAfterId: 2 });
    expect(first.kits.map((k) => k.id)).toEqual([1, 2]);
    const last = await handler.execute({ report: 'all', afterId: 2, limit: 2 });
    expect(last.kits.map((k) => k.id)).toEqual([3, 4]);
    expect(last.header).toMatchObject({ overdueCount: 0, upcomingCount: 0, totalCount: 0 });
    expect((await handler.execute({ report: 'all', afterId: 4, limit: 2 })).nextAfterId).toBeNull();
  });

  it('refuses an unknown report and a page or limit out of range', async () => {
    const { handler } = setup();
    expect(await codedRefusal(handler.execute({ report: 'late' as never }))).toMatchObject({
      code: ErrorCode.ValidationFailed,
      errors: ['report must be one of all, overdue, upcoming'],
    });
    expect((await codedRefusal(handler.execute({ report: 'all', page: 0, limit: VERIFICATION_REPORT_MAX_LIMIT + 1 }))).errors).toEqual([
      'page must be a whole number from 1',
      `limit must be a whole number from 1 to ${VERIFICATION_REPORT_MAX_LIMIT}`,
    ]);
  });
});
