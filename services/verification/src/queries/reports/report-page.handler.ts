import { Injectable } from '@nestjs/common';
import {
  DUE_SOON_MONTHS,
  VERIFICATION_REPORT_DEFAULT_LIMIT,
  VERIFICATION_REPORT_MAX_LIMIT,
  type VerificationReportName,
  type VerificationReportPage,
  type VerificationReportPageRequest,
  addCalendarMonths,
  londonToday,
} from '@bleedkits/contracts';
import { VerificationSubjects } from '@bleedkits/contracts/wire';
import { Clock, ServiceError, Handles } from '@bleedkits/platform';
import { reportKitOf } from '../../domain/projected-kit';
import { type DueWindow, ProjectionRepository } from '../../database/projection.repository';
import { KitFeedFollower } from '../../projection/kit-feed-follower';

/** A page read by kit id (a download) stays well under NATS's 1 MB (a report kit is about 400 bytes). */
export const MAX_REPORT_PAGE = 1000;
const REPORTS: readonly VerificationReportName[] = ['all', 'overdue', 'upcoming'];

/**
 * The verification reports. Overdue: due before today (the cutoff). Upcoming (Due Soon): due from today to 3
 * months on. All: the kits of either, with the register's counts. Read as the admin page shows them (`page` and
 * `limit`: most overdue first, with the total and whether the projection is behind the kits feed), or in kit-id
 * order after `afterId` for a download that streams every page.
 */
@Injectable()
export class ReportPageHandler {
  constructor(
    private readonly projection: ProjectionRepository,
    private readonly feed: KitFeedFollower,
    private readonly clock: Clock,
  ) {}

  @Handles(VerificationSubjects.reportPage)
  async execute(req: VerificationReportPageRequest): Promise<VerificationReportPage> {
    if (!REPORTS.includes(req?.report)) throw ServiceError.validation([`report must be one of ${REPORTS.join(', ')}`]);
    const now = this.clock.now();
    const today = londonToday(now);
    const endDate = addCalendarMonths(today, DUE_SOON_MONTHS);
    const windows: Record<VerificationReportName, DueWindow> = {
      all: { dueUpTo: endDate },
      overdue: { dueBefore: today },
      upcoming: { dueFrom: today, dueUpTo: endDate },
    };
    const dates = { cutoffDate: today, startDate: today, endDate };
    const counts = async () => ({
      overdueCount: await this.projection.count(windows.overdue),
      upcomingCount: await this.projection.count(windows.upcoming),
      totalCount: await this.projection.count({}),
    });

    if (req.page !== undefined) {
      const { page, limit } = pagingOf(req);
      // The position first: the answer reflects at least this revision of the kits feed.
      const asOfRevision = await this.projection.position();
      const [kits, total, header, catchingUp] = await Promise.all([
        this.projection.pageByDue(windows[req.report], (page - 1) * limit, limit),
        this.projection.count(windows[req.report]),
        counts(),
        this.feed.isBehindFeed(asOfRevision),
      ]);
      return {
        report: req.report,
        header: { ...header, ...dates },
        kits: kits.map((k) => reportKitOf(k, now)),
        nextAfterId: null,
        total,
        asOfRevision,
        catchingUp,
      };
    }

    const afterId = Math.max(0, Math.floor(Number(req.afterId) || 0));
    const limit = Math.min(MAX_REPORT_PAGE, Math.max(1, Math.floor(Number(req.limit) || MAX_REPORT_PAGE)));
    const kits = await this.projection.page(windows[req.report], afterId, limit);
    const header = afterId === 0 ? await counts() : { overdueCount: 0, upcomingCount: 0, totalCount: 0 };
    return {
      report: req.report,
      header: { ...header, ...dates },
      kits: kits.map((k) => reportKitOf(k, now)),
      nextAfterId: kits.length === limit ? kits[kits.length - 1].id : null,
    };
  }
}

/** `page` from 1 and `limit` from 1 to VERIFICATION_REPORT_MAX_LIMIT (default VERIFICATION_REPORT_DEFAULT_LIMIT). */
function pagingOf(req: VerificationReportPageRequest): { page: number; limit: number } {
  const page = Number(req.page);
  const limit = req.limit === undefined ? VERIFICATION_REPORT_DEFAULT_LIMIT : Number(req.limit);
  const problems: string[] = [];
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) problems.push('page must be a whole number from 1');
  if (!Number.isInteger(limit) || limit < 1 || limit > VERIFICATION_REPORT_MAX_LIMIT) {
    problems.push(`limit must be a whole number from 1 to ${VERIFICATION_REPORT_MAX_LIMIT}`);
  }
  if (problems.length) throw ServiceError.validation(problems);
  return { page, limit };
}
