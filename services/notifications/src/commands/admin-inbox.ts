import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { NatsBus, ServiceError } from '@bleedkits/platform';
import { isDeliverableAddress } from '../domain/email-address';
import { NOTIFICATIONS_ENV, type NotificationsEnv } from '../config/env';

/**
 * Who reads what the public sends the register (contact messages, a custodian's "not my kit"): the configured
 * CONTACT_INBOX_EMAIL, else every admin (asked of identity, with a timeout).
 */
@Injectable()
export class AdminInbox {
  constructor(
    private readonly bus: NatsBus,
    @Inject(NOTIFICATIONS_ENV) private readonly env: NotificationsEnv,
  ) {}

  async addresses(): Promise<string[]> {
    const configured = this.env.CONTACT_INBOX_EMAIL.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const addresses = configured.length
      ? configured
      : (await this.bus.request(IdentitySubjects.adminEmails, {}, this.env.IDENTITY_REQUEST_TIMEOUT_MS)).emails;
    const deliverable = [...new Set(addresses.filter((a) => isDeliverableAddress(a)))];
    if (deliverable.length === 0) {
      throw new ServiceError({
        code: ErrorCode.NotConfigured,
        message: 'Messages to the register have no recipient: set CONTACT_INBOX_EMAIL or create an admin account',
      });
    }
    return deliverable;
  }
}
