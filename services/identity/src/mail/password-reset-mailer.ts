import { Logger } from '@nestjs/common';

export type PasswordResetMail = { to: string; firstName: string; resetUrl: string; expiresAt: Date };

/** Port: how a reset link reaches the user. The notifications outbox will implement it over NATS. */
export abstract class PasswordResetMailer {
  abstract send(mail: PasswordResetMail): Promise<void>;
}

/** Until the notifications context has its outbox, the link is written to the service log (issue: notifications). */
export class LoggingPasswordResetMailer extends PasswordResetMailer {
  private readonly logger = new Logger('PasswordResetMailer');
  async send(mail: PasswordResetMail): Promise<void> {
    this.logger.log({ msg: 'password reset e-mail (logged until the notifications outbox exists)', to: mail.to, resetUrl: mail.resetUrl, expiresAt: mail.expiresAt.toISOString() });
  }
}
