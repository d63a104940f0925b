import { Inject, Injectable } from '@nestjs/common';
import {
  DUE_SOON_MONTHS,
  type VerificationReportName,
  type VerificationReportPage,
  type VerificationReportPageRequest,
  addCalendarMonths,
  londonToday,
} from '@bleedkits/contracts';
import { ServiceError } from '@bleedkits/platform';
import { CLOCK, type Clock } from '../../domain/clock';
import { reportKitOf } from '../../domain/projected-kit';
import { type DueWindow, ProjectionRepository } from '../../database/projection.repository';

/** A page of a report stays well under NATS's 1 MB (a report kit is about 400 bytes). */
export const MAX_REPORT_PAGE = 1000;
const REPORTS: readonly VerificationReportName[] = ['all', 'overdue', 'upcoming'];

/**
 * The verification reports, a page at a time in kit-id order (the gateway assembles them). Overdue: due before
 * today (the cutoff). Upcoming (Due Soon): due from today to 3 months on. All: the kits of either, with the
 * register's counts.
 */
@Injectable()
export class ReportPageHandler {
  constructor(
    private readonly projection: ProjectionRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

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
    const afterId = Math.max(0, Math.floor(Number(req.afterId) || 0));
    const limit = Math.min(MAX_REPORT_PAGE, Math.max(1, Math.floor(Number(req.limit) || MAX_REPORT_PAGE)));
    const kits = await this.projection.page(windows[req.report], afterId, limit);
    const header =
      afterId === 0
        ? {
            overdueCount: await this.projection.count(windows.overdue),
            upcomingCount: await this.projection.count(windows.upcoming),
            totalCount: await this.projection.count({}),
          }
        : { overdueCount: 0, upcomingCount: 0, totalCount: 0 };
    return {
      report: req.report,
      header: { ...header, cutoffDate: today, startDate: today, endDate },
      kits: kits.map((k) => reportKitOf(k, now)),
      nextAfterId: kits.length === limit ? kits[kits.length - 1].id : null,
    };
  }
}
