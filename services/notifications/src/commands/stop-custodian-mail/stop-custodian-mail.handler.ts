import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  CustodianMailMessages,
  EmailTemplateIds,
  type StopCustodianMailRequest,
  type StopCustodianMailResponse,
  builtInTemplateValues,
} from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { NotificationsErrors } from '../../domain/notifications.errors';
import { readStopToken } from '../../domain/stop-link';
import { CustodianMailBlockRepository } from '../../database/custodian-mail-block.repository';
import { NOTIFICATIONS_ENV, type NotificationsEnv } from '../../config/env';
import { SendEmailHandler } from '../send-email/send-email.handler';
import { AdminInbox } from '../admin-inbox';
import { Handles } from '@bleedkits/platform';

/**
 * A custodian followed the "not my kit, stop these e-mails" link: the address is blocked for the e-mail's kits
 * (the outbox stores any later e-mail about them `blocked`) and every admin is told once. The admins' e-mail is
 * (to CONTACT_INBOX_EMAIL, else every admin) keyed by the blocks it reports and the blocks are marked told only after it is queued, so a stop interrupted
 * half-way tells them when the link is followed again, and never twice.
 */
@Injectable()
export class StopCustodianMailHandler {
  constructor(
    private readonly blocks: CustodianMailBlockRepository,
    private readonly send: SendEmailHandler,
    private readonly inbox: AdminInbox,
    @Inject(NOTIFICATIONS_ENV) private readonly env: NotificationsEnv,
  ) {}

  @Handles(NotificationsSubjects.stopCustodianMail)
  async execute(req: StopCustodianMailRequest): Promise<StopCustodianMailResponse> {
    const claim = readStopToken(this.env.CUSTODIAN_STOP_LINK_SECRET, req?.token);
    if (!claim) throw NotificationsErrors.invalid([CustodianMailMessages.invalidToken]);
    await this.blocks.block(claim.address, claim.kitIds);
    const untold = await this.blocks.untold(claim.address);
    if (untold.length) await this.tellAdmins(claim.address, untold);
    return { message: CustodianMailMessages.stopped };
  }

  private async tellAdmins(address: string, kitIds: number[]): Promise<void> {
    const admins = await this.inbox.addresses();
    const { date, year } = builtInTemplateValues(new Date());
    const adminUrl = `${this.env.PUBLIC_BASE_URL.replace(/\/+$/, '')}/admin`;
    for (const admin of admins) {
      const key = createHash('sha256')
        .update(JSON.stringify([address, kitIds, admin]))
        .digest('hex');
      await this.send.execute({
        idempotencyKey: `custodian-stopped:${key}`,
        templateId: EmailTemplateIds.custodianMailStopped,
        to: admin,
        variables: { custodianEmail: address, kitIds: kitIds.map(String), adminUrl, date, year },
      });
    }
    await this.blocks.markAdminsTold(address, kitIds);
  }
}
