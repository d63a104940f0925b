import { Inject, Injectable } from '@nestjs/common';
import { EmailTemplateIds, type SendEmailRequest } from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { IDENTITY_ENV, type IdentityEnv } from '../config/env';

export type PasswordResetMail = {
  to: string;
  firstName: string;
  resetUrl: string;
  expiresAt: Date;
  /** Names this one link (a hash of its token, never the token): the outbox's idempotency key. */
  linkId: string;
};

/** Port: how a reset link reaches the user. */
export abstract class PasswordResetMailer {
  abstract send(mail: PasswordResetMail): Promise<void>;
}

/**
 * Through the notifications outbox (`password_reset` template): stored before this answers, delivered by its
 * worker. The link is a secret: it goes into the e-mail only, never into a log.
 */
@Injectable()
export class OutboxPasswordResetMailer extends PasswordResetMailer {
  constructor(
    private readonly bus: NatsBus,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {
    super();
  }

  async send(mail: PasswordResetMail): Promise<void> {
    const request: SendEmailRequest = {
      idempotencyKey: `password_reset:${mail.linkId}`,
      templateId: EmailTemplateIds.passwordReset,
      to: mail.to,
      variables: {
        firstName: mail.firstName,
        resetUrl: mail.resetUrl,
        expiresInMinutes: Math.max(1, Math.round((mail.expiresAt.getTime() - Date.now()) / 60_000)),
      },
    };
    await this.bus.request(NotificationsSubjects.send, request, this.env.NOTIFICATIONS_REQUEST_TIMEOUT_MS);
  }
}
