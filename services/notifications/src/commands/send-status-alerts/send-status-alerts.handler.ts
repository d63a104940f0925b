import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AmbulanceFeedSubjects,
  EmailTemplateIds,
  STATUS_ITEM_TITLES,
  type StatusFacts,
  builtInTemplateValues,
  systemStatusOf,
} from '@bleedkits/contracts';
import { BackupsSubjects, IdentitySubjects, VerificationSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { NOTIFICATIONS_ENV, type NotificationsEnv } from '../../config/env';
import { MailStatusRepository } from '../../database/mail-status.repository';
import { StatusAlertRepository } from '../../database/status-alert.repository';
import { isDeliverableAddress } from '../../domain/email-address';
import { SendEmailHandler } from '../send-email/send-email.handler';

/** The status page's address in the web app. */
export const STATUS_PAGE_PATH = '/admin/status';
const FACTS_TIMEOUT_MS = 5000;

/**
 * The status check behind the admins' alert: the same facts and rule as /admin/status; each item that is red
 * e-mails every admin once (transactional mail) until it recovers. The episode is kept in Postgres and each
 * e-mail's idempotency key names it, so replicas, retries and restarts never send twice.
 */
@Injectable()
export class SendStatusAlertsHandler {
  private readonly logger = new Logger(SendStatusAlertsHandler.name);

  constructor(
    private readonly bus: NatsBus,
    private readonly mail: MailStatusRepository,
    private readonly alerts: StatusAlertRepository,
    private readonly send: SendEmailHandler,
    @Inject(NOTIFICATIONS_ENV) private readonly env: NotificationsEnv,
  ) {}

  async execute(now: Date = new Date()): Promise<{ red: string[]; mailed: number }> {
    const ask = <T>(request: Promise<T>) => request.catch(() => null);
    const [backups, mail, reminders, feeds] = await Promise.all([
      ask(this.bus.request(BackupsSubjects.statusFacts, {}, FACTS_TIMEOUT_MS)),
      ask(this.mail.facts()),
      ask(this.bus.request(VerificationSubjects.statusFacts, {}, FACTS_TIMEOUT_MS)),
      ask(this.bus.request(AmbulanceFeedSubjects.statusFacts, {}, FACTS_TIMEOUT_MS)),
    ]);
    const facts: StatusFacts = { backups, mail, reminders, feeds };
    const red = systemStatusOf(facts, now).items.filter((i) => i.level === 'red');
    await this.alerts.record(
      red.map((i) => ({ item: i.id, reason: i.reason })),
      now,
    );
    const pending = await this.alerts.unmailed();
    if (pending.length === 0) return { red: red.map((i) => i.id), mailed: 0 };

    const admins = [
      ...new Set(
        (await this.bus.request(IdentitySubjects.adminEmails, {}, this.env.IDENTITY_REQUEST_TIMEOUT_MS)).emails.filter((a) =>
          isDeliverableAddress(a),
        ),
      ),
    ];
    if (admins.length === 0) this.logger.warn('A status item is red but there is no admin to e-mail');
    const { date, year } = builtInTemplateValues(now);
    let mailed = 0;
    for (const alert of pending) {
      for (const to of admins) {
        await this.send.execute({
          idempotencyKey: `status-alert:${alert.item}:${alert.redSince.getTime()}:${to}`,
          templateId: EmailTemplateIds.systemStatusAlert,
          to,
          variables: {
            item: STATUS_ITEM_TITLES[alert.item],
            reason: alert.reason,
            statusUrl: new URL(STATUS_PAGE_PATH, this.env.PUBLIC_BASE_URL).toString(),
            date,
            year,
          },
        });
        mailed++;
      }
      await this.alerts.markMailed(alert.item, alert.redSince);
    }
    return { red: red.map((i) => i.id), mailed };
  }
}
