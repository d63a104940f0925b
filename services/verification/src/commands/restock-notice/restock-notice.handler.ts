import { Inject, Injectable, Logger } from '@nestjs/common';
import { EmailTemplateIds, type QueueNames } from '@bleedkits/contracts';
import { Clock, type TypedQueue } from '@bleedkits/platform';
import { VERIFICATION_ENV, type VerificationEnv } from '../../config/env';
import { EmailRecordRepository, type RestockNotice } from '../../database/email-record.repository';
import { ProjectionRepository } from '../../database/projection.repository';
import { EmailOutbox } from '../../providers/email-outbox/email-outbox.port';

/** BullMQ job ids may not contain ':'; the notice's key names the kit and the time it became deployed. */
export const restockJobId = (n: RestockNotice) => n.idempotencyKey.replace(/:/g, '_');

/** Queues every restock notice not yet sent (a job id per notice, so queuing twice runs it once). */
export async function queueRestockNotices(
  records: EmailRecordRepository,
  queue: TypedQueue<typeof QueueNames.verificationReminders>,
): Promise<number> {
  const notices = await records.unsentRestocks();
  for (const n of notices) {
    await queue.add('restock-notice', { kind: 'restock-notice', kitId: n.kitId, deployedAt: n.deployedAt }, { jobId: restockJobId(n) });
  }
  return notices.length;
}

const londonDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * The kit-used loop: the custodian of a kit that became deployed is asked, once, to restock it and mark it
 * available. The outbox dedupes by the notice's key, so a retried job or a second replica sends nothing twice. A
 * kit restocked (or withdrawn) before the job ran needs no e-mail. The custodian address was typed by the owner
 * and never confirmed, so the e-mail says the kit was reported used and links to the dashboard: the owner's
 * deployment notes stay there, and the outbox adds the "not my kit" stop link (custodianKitIds).
 */
@Injectable()
export class RestockNoticeHandler {
  private readonly logger = new Logger('verification:RestockNotice');

  constructor(
    private readonly projection: ProjectionRepository,
    private readonly records: EmailRecordRepository,
    private readonly outbox: EmailOutbox,
    private readonly clock: Clock,
    @Inject(VERIFICATION_ENV) private readonly env: VerificationEnv,
  ) {}

  async execute(notice: RestockNotice): Promise<'sent' | 'not needed'> {
    const kit = await this.projection.findActive(notice.kitId);
    const stillDeployed = kit?.deploymentStatus === 'deployed' && kit.deploymentChangedAt === new Date(notice.deployedAt).toISOString();
    if (!kit || !stillDeployed) {
      await this.records.restockSent(notice.idempotencyKey);
      return 'not needed';
    }
    const res = await this.outbox.send({
      idempotencyKey: notice.idempotencyKey,
      templateId: EmailTemplateIds.kitDeployedRestock,
      to: kit.custodianEmail,
      custodianKitIds: [kit.id],
      variables: {
        custodianName: kit.custodianName,
        serialNumber: kit.serialNumber,
        locationName: kit.locationName,
        addressLine1: kit.addressLine1,
        city: kit.city,
        postcode: kit.postcode,
        deployedAt: londonDateTime(notice.deployedAt),
        dashboardUrl: `${this.env.PUBLIC_BASE_URL.replace(/\/$/, '')}/dashboard`,
        year: this.clock.now().getFullYear(),
      },
    });
    await this.records.recordSent({
      idempotencyKey: notice.idempotencyKey,
      templateId: EmailTemplateIds.kitDeployedRestock,
      kitId: kit.id,
      recipient: kit.custodianEmail,
      messageId: res.messageId,
    });
    await this.records.restockSent(notice.idempotencyKey);
    this.logger.log({ msg: 'restock e-mail in the outbox', kitId: kit.id, created: res.created });
    return 'sent';
  }
}
