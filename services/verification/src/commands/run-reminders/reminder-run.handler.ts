import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  EmailTemplateIds,
  type ReminderKind,
  VERIFICATION_DUE_WINDOW_DAYS,
  type VerificationReminderRunResult,
  addCalendarDays,
  calendarDateOf,
  consumablesExpiringBeforeNextCheck,
  describeConsumables,
  isVerificationOverdue,
  londonToday,
  reminderIdempotencyKey,
} from '@bleedkits/contracts';
import { CLOCK, type Clock } from '../../domain/clock';
import { gbDate, type ProjectedKit } from '../../domain/projected-kit';
import { EmailRecordRepository } from '../../database/email-record.repository';
import { ProjectionRepository } from '../../database/projection.repository';
import { EmailOutbox } from '../../providers/email-outbox/email-outbox.port';

const PAGE = 500;

/**
 * One reminder run: the custodian of each active kit due within 30 days gets 'verification_reminder', of each
 * overdue kit 'verification_overdue', at most once per kit, due cycle (the due day) and kind: the key says so, the
 * outbox dedupes by it and this context records it. A run that failed to hand some e-mails over throws after trying
 * them all, so the job is retried and sends only what is missing.
 */
@Injectable()
export class ReminderRunHandler {
  private readonly logger = new Logger('verification:ReminderRun');

  constructor(
    private readonly projection: ProjectionRepository,
    private readonly records: EmailRecordRepository,
    private readonly outbox: EmailOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(runKey: string): Promise<VerificationReminderRunResult> {
    await this.records.startRun(runKey, 'reminder-run');
    const now = this.clock.now();
    const result: VerificationReminderRunResult = {
      runAt: now.toISOString(),
      remindersSent: 0,
      overdueNoticesSent: 0,
      alreadySent: 0,
      failed: 0,
      kitsChecked: 0,
    };
    const window = { dueUpTo: addCalendarDays(londonToday(now), VERIFICATION_DUE_WINDOW_DAYS) };
    let firstError: Error | null = null;
    for (let afterId = 0; ;) {
      const kits = await this.projection.page(window, afterId, PAGE);
      for (const kit of kits) {
        result.kitsChecked++;
        const kind: ReminderKind = isVerificationOverdue(kit.nextVerificationDue, now) ? 'verification_overdue' : 'verification_reminder';
        try {
          const outcome = await this.remind(kit, kind);
          if (outcome === 'already sent') result.alreadySent++;
          else if (kind === 'verification_overdue') result.overdueNoticesSent++;
          else result.remindersSent++;
        } catch (e) {
          result.failed++;
          firstError ??= e as Error;
        }
      }
      if (kits.length < PAGE) break;
      afterId = kits[kits.length - 1].id;
    }
    await this.records.finishRun(runKey, result);
    this.logger.log({ msg: 'reminder run', runKey, ...result });
    if (firstError) throw new Error(`${result.failed} reminders were not handed to the outbox (first: ${firstError.message}); the run is retried`);
    return result;
  }

  private async remind(kit: ProjectedKit, kind: ReminderKind): Promise<'sent' | 'already sent'> {
    const key = reminderIdempotencyKey(kind, kit.id, kit.nextVerificationDue);
    if (await this.records.wasSent(key)) return 'already sent';
    const templateId = kind === 'verification_overdue' ? EmailTemplateIds.verificationOverdue : EmailTemplateIds.verificationReminder;
    const res = await this.outbox.send({
      idempotencyKey: key,
      templateId,
      to: kit.custodianEmail,
      variables: {
        custodianName: kit.custodianName,
        serialNumber: kit.serialNumber,
        locationName: kit.locationName,
        addressLine1: kit.addressLine1,
        city: kit.city,
        postcode: kit.postcode,
        lastVerifiedDate: kit.lastVerifiedAt ? gbDate(calendarDateOf(kit.lastVerifiedAt)) : 'Not verified',
        dueDate: gbDate(kit.nextVerificationDue),
        year: this.clock.now().getFullYear(),
        // The consumables recorded at the last check that run out before this one (empty: the sentence is left out).
        consumables: describeConsumables(consumablesExpiringBeforeNextCheck(kit, kit.nextVerificationDue)),
      },
    });
    await this.records.recordSent({ idempotencyKey: key, templateId, kitId: kit.id, recipient: kit.custodianEmail, messageId: res.messageId });
    return res.created ? 'sent' : 'already sent';
  }
}
