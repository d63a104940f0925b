import { Inject, Injectable } from '@nestjs/common';
import { EmailTemplateIds, type SendEmailRequest } from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { IDENTITY_ENV, type IdentityEnv } from '../config/env';

/** Names one requested change (a hash of its token, never the token): the outbox's idempotency keys. */
type ChangeMail = { firstName: string; newEmail: string; linkId: string };
export type EmailChangeConfirmationMail = ChangeMail & { to: string; confirmUrl: string; expiresInHours: number };
export type EmailChangeNoticeMail = ChangeMail & { to: string; siteUrl: string };

/** Port: how the two e-mails of a change of sign-in address reach the user. */
export abstract class EmailChangeMailer {
  /** To the new address: the link that makes the change. */
  abstract sendConfirmation(mail: EmailChangeConfirmationMail): Promise<void>;
  /** To the old address: the change was asked for, and what to do if it was not the owner. */
  abstract sendNotice(mail: EmailChangeNoticeMail): Promise<void>;
}

/** Through the notifications outbox; the confirmation link is a secret and goes into the e-mail only. */
@Injectable()
export class OutboxEmailChangeMailer extends EmailChangeMailer {
  constructor(
    private readonly bus: NatsBus,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {
    super();
  }

  async sendConfirmation(mail: EmailChangeConfirmationMail): Promise<void> {
    await this.send({
      idempotencyKey: `email_change_confirmation:${mail.linkId}`,
      templateId: EmailTemplateIds.emailChangeConfirmation,
      to: mail.to,
      variables: { firstName: mail.firstName, newEmail: mail.newEmail, confirmUrl: mail.confirmUrl, expiresInHours: mail.expiresInHours },
    });
  }

  async sendNotice(mail: EmailChangeNoticeMail): Promise<void> {
    await this.send({
      idempotencyKey: `email_change_notice:${mail.linkId}`,
      templateId: EmailTemplateIds.emailChangeNotice,
      to: mail.to,
      variables: { firstName: mail.firstName, newEmail: mail.newEmail, siteUrl: mail.siteUrl },
    });
  }

  private async send(request: SendEmailRequest): Promise<void> {
    await this.bus.request(NotificationsSubjects.send, request, this.env.NOTIFICATIONS_REQUEST_TIMEOUT_MS);
  }
}
