import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  type BulkUpdateVerificationDatesResponse,
  type CsvColumn,
  VERIFICATION_REPORT_DEFAULT_LIMIT,
  datedCsvName,
  toCsv,
  type CurrentUser as CurrentUserType,
  type Kit,
  type VerificationReminderRun,
  type VerificationReminderRunAccepted,
  type VerificationReminderRunPage,
  type VerificationReportKit,
  type VerificationReportName,
  type VerificationReportPage,
  type VerificationTestEmailPreview,
  type VerificationTestEmailSent,
} from '@bleedkits/contracts';
import { KitsSubjects, VerificationSubjects } from '@bleedkits/contracts/wire';
import { BulkUpdateVerificationDatesDto, VerificationTestEmailDto, VerifyKitDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { CurrentUser, SignedIn } from '../../security/guards';
import { actorOf } from '../../security/actor';
import { drained } from '../../paging/list-parts';
import { wirePages } from '../../paging/wire-pages';
import { AnswersText } from '../../openapi/answers.decorator';

/**
 * The custodian's check and the admin's verification tools. Everything under /api/admin is admin-only by the
 * global guard; the reports grow with the register, so they are read from verification a page at a time and
 * streamed.
 */
@ApiTags('verification')
@Controller()
export class VerificationController {
  constructor(private readonly bus: NatsBus) {}

  @Post('api/bleed-kits/:id/verify')
  @ApiOperation({ summary: 'Record a verification check of a kit (the owner or an admin); answers the kit with its check history' })
  @SignedIn()
  @HttpCode(200)
  @ApiOkResponse({ description: 'the kit after the check (Kit), with its check history' })
  verify(@CurrentUser() me: CurrentUserType, @Param('id') id: string, @Body() dto: VerifyKitDto): Promise<Kit> {
    return this.bus.request(KitsSubjects.verify, { actor: actorOf(me), kitId: id, checklist: { ...dto } });
  }

  @Get('api/admin/verification-reports/all')
  @ApiOperation({ summary: "Verification report: the register's counts and a page of kits overdue or due within 3 months, most overdue first" })
  @ApiOkResponse({
    description:
      '{overdueCount, upcomingCount, totalCount, kits, total, page, limit, asOfRevision, catchingUp}: the register’s counts and a page of the kits overdue or due within 3 months (?page=, ?limit= 1–500, default 50), most overdue first',
  })
  all(@Query('page') page?: string, @Query('limit') limit?: string): Promise<ReportAnswer<'overdueCount' | 'upcomingCount' | 'totalCount'>> {
    return this.report('all', page, limit, (h) => ({ overdueCount: h.overdueCount, upcomingCount: h.upcomingCount, totalCount: h.totalCount }));
  }

  @Get('api/admin/verification-reports/overdue')
  @ApiOperation({ summary: 'Verification report: a page of the kits due before today' })
  @ApiOkResponse({
    description: '{cutoffDate, kits, total, page, limit, asOfRevision, catchingUp}: a page of the kits due before the cutoff (today)',
  })
  overdue(@Query('page') page?: string, @Query('limit') limit?: string): Promise<ReportAnswer<'cutoffDate'>> {
    return this.report('overdue', page, limit, (h) => ({ cutoffDate: h.cutoffDate }));
  }

  @Get('api/admin/verification-reports/upcoming')
  @ApiOperation({ summary: 'Verification report: a page of the kits due from today to 3 months on' })
  @ApiOkResponse({
    description: '{startDate, endDate, kits, total, page, limit, asOfRevision, catchingUp}: a page of the kits due from today to 3 months on',
  })
  upcoming(@Query('page') page?: string, @Query('limit') limit?: string): Promise<ReportAnswer<'startDate' | 'endDate'>> {
    return this.report('upcoming', page, limit, (h) => ({ startDate: h.startDate, endDate: h.endDate }));
  }

  /** A whole report as CSV, read from verification a page at a time and streamed (never one NATS message). */
  @Get('api/admin/verification-reports/:report/csv')
  @ApiOperation({ summary: 'A whole verification report (all, overdue or upcoming) as CSV' })
  @AnswersText(
    'text/csv; charset=utf-8',
    'the whole report as CSV: Serial Number, Location, Address, City, Postcode, Custodian, Custodian Email, Due Date, Days Overdue, Status',
  )
  async reportCsv(@Param('report') report: string, @Res() res: Response): Promise<void> {
    const name = report as VerificationReportName;
    const pages = wirePages(this.bus, VerificationSubjects.reportPage, {
      request: (afterId: number | null) => ({ report: name, afterId: afterId ?? 0 }),
      next: (page) => page.nextAfterId,
    });
    // The first page is read before anything is sent, so an unknown report still answers 400.
    const first = await pages.next();
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${datedCsvName(`verification-${name}`)}"`);
    res.setHeader('Cache-Control', 'no-store');
    const header = toCsv([], REPORT_CSV_COLUMNS);
    // A byte-order mark, so spreadsheet programs open the file as UTF-8.
    res.write(`\uFEFF${header}`);
    try {
      for (let page = first; !page.done; page = await pages.next()) {
        const { kits } = page.value;
        if (kits.length && !res.write(toCsv(kits, REPORT_CSV_COLUMNS).slice(header.length))) await drained(res);
        // The client went away: stop asking for pages nobody will read.
        if (res.destroyed) return void (await pages.return(undefined));
      }
    } catch (error) {
      res.destroy(error as Error);
      return;
    }
    res.end();
  }

  @Post('api/admin/verification-reports/test-email')
  @ApiOperation({ summary: 'Preview the verification reminder e-mail, or send it for real to one address' })
  @HttpCode(200)
  @ApiOkResponse({ description: 'preview {to, subject, contentPreview, note}; with sendReal: {emailSent, message}' })
  testEmail(@Body() dto: VerificationTestEmailDto): Promise<VerificationTestEmailPreview | VerificationTestEmailSent> {
    return this.bus.request(VerificationSubjects.testEmail, { email: dto.email, sendReal: dto.sendReal === true }, 15_000);
  }

  @Post('api/admin/bulk-update-verification-dates')
  @ApiOperation({ summary: "Set every active kit's next verification due date" })
  @HttpCode(200)
  @ApiOkResponse({ description: '{updatedCount, message}' })
  bulkUpdate(@CurrentUser() me: CurrentUserType, @Body() dto: BulkUpdateVerificationDatesDto): Promise<BulkUpdateVerificationDatesResponse> {
    return this.bus.request(KitsSubjects.bulkUpdateVerificationDates, { actor: actorOf(me), dueDate: dto.dueDate }, 60_000);
  }

  /** A run can take minutes at national size: it is queued, and the answer is its id at once (202). */
  @Post('api/admin/verification-reminders/run')
  @ApiOperation({ summary: 'Queue a reminder run (202 with its runId)' })
  @HttpCode(202)
  @ApiAcceptedResponse({ description: '{runId}: the run is queued; GET .../runs/{runId} follows it' })
  run(): Promise<VerificationReminderRunAccepted> {
    return this.bus.request(VerificationSubjects.runReminders, {});
  }

  @Get('api/admin/verification-reminders/runs')
  @ApiOperation({ summary: 'Reminder runs, newest first, 20 a page' })
  @ApiOkResponse({ description: '{data, pagination}: the reminder runs, newest first, 20 a page (?page=, from 1)' })
  runs(@Query('page') page?: string): Promise<VerificationReminderRunPage> {
    return this.bus.request(VerificationSubjects.reminderRuns, { page: pageNumber(page) });
  }

  @Get('api/admin/verification-reminders/runs/:runId')
  @ApiOperation({ summary: 'One reminder run: status, counts and progress' })
  @ApiOkResponse({
    description:
      'one run: {runId, status (queued, running, done, failed), requestedBy, kitsConsidered, custodians, custodiansDone, emailsQueued, emailsSent, emailsFailed, queuedAt, startedAt, finishedAt, error}',
  })
  reminderRun(@Param('runId') runId: string): Promise<VerificationReminderRun> {
    return this.bus.request(VerificationSubjects.reminderRun, { runId });
  }

  /** One page of a report, most overdue first, with the report's total and freshness (one bounded NATS answer). */
  private async report<K extends keyof ReportHeader>(
    report: VerificationReportName,
    page: string | undefined,
    limit: string | undefined,
    header: (h: ReportHeader) => Pick<ReportHeader, K>,
  ): Promise<ReportAnswer<K>> {
    const p = page === undefined || page === '' ? 1 : queryNumber(page);
    const l = limit === undefined || limit === '' ? VERIFICATION_REPORT_DEFAULT_LIMIT : queryNumber(limit);
    const answer = await this.bus.request(VerificationSubjects.reportPage, { report, page: p, limit: l });
    return {
      ...header(answer.header),
      kits: answer.kits,
      total: answer.total,
      page: p,
      limit: l,
      asOfRevision: answer.asOfRevision,
      catchingUp: answer.catchingUp,
    };
  }
}

type ReportHeader = VerificationReportPage['header'];
/** A report page as /api answers it: the report's own header fields, its kits, and the paging. */
type ReportAnswer<K extends keyof ReportHeader> = Pick<ReportHeader, K> &
  Pick<VerificationReportPage, 'kits' | 'total' | 'asOfRevision' | 'catchingUp'> & { page: number; limit: number };

/** `?page=` as a page number: absent is the first page; anything but digits is 0, which the context refuses (400). */
function pageNumber(page: string | undefined): number {
  return page === undefined || page === '' ? 1 : queryNumber(page);
}

/** A whole number from the query; anything else is 0, which the context refuses with its own message (400). */
function queryNumber(value: string): number {
  return /^\d{1,9}$/.test(value) ? Number(value) : 0;
}

const REPORT_CSV_COLUMNS: CsvColumn<VerificationReportKit>[] = [
  { header: 'Serial Number', value: (k) => k.serialNumber },
  { header: 'Location', value: (k) => k.locationName },
  { header: 'Address', value: (k) => k.addressLine1 },
  { header: 'City', value: (k) => k.city },
  { header: 'Postcode', value: (k) => k.postcode },
  { header: 'Custodian', value: (k) => k.custodianName },
  { header: 'Custodian Email', value: (k) => k.custodianEmail },
  { header: 'Due Date', value: (k) => k.nextVerificationDue },
  { header: 'Days Overdue', value: (k) => k.daysOverdue },
  { header: 'Status', value: (k) => k.verificationStatus },
];
