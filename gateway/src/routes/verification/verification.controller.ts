import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  type BulkUpdateVerificationDatesResponse,
  type CurrentUser as CurrentUserType,
  type Kit,
  KitsSubjects,
  type VerificationReminderRunResult,
  type VerificationReportKit,
  type VerificationReportName,
  type VerificationReportPage,
  type VerificationTestEmailPreview,
  type VerificationTestEmailSent,
  VerificationSubjects,
} from '@bleedkits/contracts';
import { BulkUpdateVerificationDatesDto, VerificationTestEmailDto, VerifyKitDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { CurrentUser, SignedIn } from '../../security/guards';
import { actorOf } from '../kits/actor';
import { streamJsonArray } from '../../paging/list-parts';

/** A reminder run may e-mail many custodians: it gets longer than an ordinary request. */
const RUN_TIMEOUT_MS = 120_000;

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
  @SignedIn()
  @HttpCode(200)
  @ApiOkResponse({ description: 'the kit after the check (Kit), with its check history' })
  verify(@CurrentUser() me: CurrentUserType, @Param('id') id: string, @Body() dto: VerifyKitDto): Promise<Kit> {
    return this.bus.request(KitsSubjects.verify, { actor: actorOf(me), kitId: id, checklist: { ...dto } });
  }

  @Get('api/admin/verification-reports/all')
  @ApiOkResponse({
    description: '{overdueCount, upcomingCount, totalCount, kits}: the register’s counts and the kits overdue or due within 3 months',
  })
  all(@Res() res: Response): Promise<void> {
    return this.report(res, 'all', (h) => ({ overdueCount: h.overdueCount, upcomingCount: h.upcomingCount, totalCount: h.totalCount }));
  }

  @Get('api/admin/verification-reports/overdue')
  @ApiOkResponse({ description: '{cutoffDate, kits}: kits due before the cutoff (today)' })
  overdue(@Res() res: Response): Promise<void> {
    return this.report(res, 'overdue', (h) => ({ cutoffDate: h.cutoffDate }));
  }

  @Get('api/admin/verification-reports/upcoming')
  @ApiOkResponse({ description: '{startDate, endDate, kits}: kits due from today to 3 months on' })
  upcoming(@Res() res: Response): Promise<void> {
    return this.report(res, 'upcoming', (h) => ({ startDate: h.startDate, endDate: h.endDate }));
  }

  @Post('api/admin/verification-reports/test-email')
  @HttpCode(200)
  @ApiOkResponse({ description: 'preview {to, subject, contentPreview, note}; with sendReal: {emailSent, message}' })
  testEmail(@Body() dto: VerificationTestEmailDto): Promise<VerificationTestEmailPreview | VerificationTestEmailSent> {
    return this.bus.request(VerificationSubjects.testEmail, { email: dto.email, sendReal: dto.sendReal === true }, 15_000);
  }

  @Post('api/admin/bulk-update-verification-dates')
  @HttpCode(200)
  @ApiOkResponse({ description: '{updatedCount, message}' })
  bulkUpdate(@CurrentUser() me: CurrentUserType, @Body() dto: BulkUpdateVerificationDatesDto): Promise<BulkUpdateVerificationDatesResponse> {
    return this.bus.request(KitsSubjects.bulkUpdateVerificationDates, { actor: actorOf(me), dueDate: dto.dueDate }, 60_000);
  }

  @Post('api/admin/verification-reminders/run')
  @HttpCode(200)
  @ApiOkResponse({ description: 'the run’s counts: {runAt, remindersSent, overdueNoticesSent, alreadySent, failed, kitsChecked}' })
  run(): Promise<VerificationReminderRunResult> {
    return this.bus.request(VerificationSubjects.runReminders, {}, RUN_TIMEOUT_MS);
  }

  /** The first page carries the header; the kits of every page are streamed as one array. */
  private async report(
    res: Response,
    report: VerificationReportName,
    header: (h: VerificationReportPage['header']) => Record<string, unknown>,
  ): Promise<void> {
    const first = await this.bus.request(VerificationSubjects.reportPage, { report, afterId: 0 });
    const head = JSON.stringify(header(first.header));
    const bus = this.bus;
    async function* pages(): AsyncGenerator<VerificationReportKit[]> {
      yield first.kits;
      for (let after = first.nextAfterId; after !== null;) {
        const page = await bus.request(VerificationSubjects.reportPage, { report, afterId: after });
        yield page.kits;
        after = page.nextAfterId;
      }
    }
    await streamJsonArray(res, pages(), { before: `${head.slice(0, -1)},"kits":`, after: '}' });
  }
}
