import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DEPLOYED_TOO_LONG_DAYS,
  DUE_SOON_MONTHS,
  EmailTemplateIds,
  type VerificationDigestResult,
  addCalendarDays,
  addCalendarMonths,
  daysOverdue,
  londonToday,
  startOfLondonDay,
} from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { Clock, NatsBus } from '@bleedkits/platform';
import { VERIFICATION_ENV, type VerificationEnv } from '../../config/env';
import { digestLine, gbDate } from '../../domain/projected-kit';
import { EmailRecordRepository } from '../../database/email-record.repository';
import { ProjectionRepository } from '../../database/projection.repository';
import { EmailOutbox } from '../../providers/email-outbox/email-outbox.port';

/** Lines of each list in the e-mail; the counts are always whole. */
const LIST_LIMIT = 100;

/**
 * The admins' weekly digest: overdue and due-soon counts with their lists, and the kits deployed for more than 7
 * days (not restocked). One e-mail per admin per ISO week (the key says so). Recipients: VERIFICATION_DIGEST_TO,
 * else the register's admins as identity knows them.
 */
@Injectable()
export class AdminDigestHandler {
  private readonly logger = new Logger('verification:AdminDigest');

  constructor(
    private readonly projection: ProjectionRepository,
    private readonly records: EmailRecordRepository,
    private readonly outbox: EmailOutbox,
    private readonly bus: NatsBus,
    private readonly clock: Clock,
    @Inject(VERIFICATION_ENV) private readonly env: VerificationEnv,
  ) {}

  async execute(runKey: string): Promise<VerificationDigestResult> {
    await this.records.startRun(runKey, 'admin-digest');
    const now = this.clock.now();
    const today = londonToday(now);
    const overdueWindow = { dueBefore: today };
    const dueSoonWindow = { dueFrom: today, dueUpTo: addCalendarMonths(today, DUE_SOON_MONTHS) };
    const [overdue, overdueCount, dueSoon, dueSoonCount] = await Promise.all([
      this.projection.page(overdueWindow, 0, LIST_LIMIT),
      this.projection.count(overdueWindow),
      this.projection.page(dueSoonWindow, 0, LIST_LIMIT),
      this.projection.count(dueSoonWindow),
    ]);
    const deployed = await this.projection.deployedSince(
      new Date(startOfLondonDay(today).getTime() - DEPLOYED_TOO_LONG_DAYS * 86_400_000),
      LIST_LIMIT,
    );
    const variables = {
      overdueCount,
      dueSoonCount,
      longDeployedCount: deployed.total,
      overdueKits: overdue.map((k) => digestLine(k, `${daysOverdue(k.nextVerificationDue, now)} days overdue`)),
      dueSoonKits: dueSoon.map((k) => digestLine(k, `due ${gbDate(k.nextVerificationDue)}`)),
      longDeployedKits: deployed.kits.map((k) => digestLine(k, `deployed since ${gbDate(k.deploymentChangedAt!.slice(0, 10))}`)),
      adminUrl: `${this.env.PUBLIC_BASE_URL.replace(/\/$/, '')}/admin/verification`,
      date: gbDate(today),
      year: now.getFullYear(),
    };
    // The week is named by its Monday: one digest per admin per week, whichever day the schedule runs.
    const monday = addCalendarDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
    const result: VerificationDigestResult = {
      recipients: await this.recipients(),
      sent: 0,
      alreadySent: 0,
      overdueCount,
      dueSoonCount,
      longDeployedCount: deployed.total,
    };
    for (const to of result.recipients) {
      const key = `verification_admin_digest:week-of:${monday}:to:${to}`;
      if (await this.records.wasSent(key)) {
        result.alreadySent++;
        continue;
      }
      const res = await this.outbox.send({ idempotencyKey: key, templateId: EmailTemplateIds.verificationAdminDigest, to, variables });
      await this.records.recordSent({
        idempotencyKey: key,
        templateId: EmailTemplateIds.verificationAdminDigest,
        kitId: null,
        recipient: to,
        messageId: res.messageId,
      });
      if (res.created) result.sent++;
      else result.alreadySent++;
    }
    await this.records.finishRun(runKey, result);
    this.logger.log({ msg: 'admin digest', runKey, ...result, recipients: result.recipients.length });
    return result;
  }

  private async recipients(): Promise<string[]> {
    const configured = this.env.VERIFICATION_DIGEST_TO.split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    if (configured.length) return configured;
    const { emails } = await this.bus.request(IdentitySubjects.adminEmails, {}, 5000);
    return emails;
  }
}
