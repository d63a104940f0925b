import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { MessageResponse, SendPasswordResetRequest } from '@bleedkits/contracts';
import { IdentityErrors } from '../../domain/identity.errors';
import { type AlsoRecord, UserRepository } from '../../database/user.repository';
import { IdentityAuditTrail } from '../../database/identity-audit-trail';
import { userAuditLabel } from '../../domain/user-audit';
import { PasswordResetMailer } from '../../mail/password-reset-mailer';
import { IDENTITY_ENV, type IdentityEnv } from '../../config/env';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Admin 'Reset Password': e-mails the user a single-use link that expires after PASSWORD_RESET_TTL_MINUTES (through the outbox). */
@Injectable()
export class SendPasswordResetHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly mailer: PasswordResetMailer,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
    private readonly audit: IdentityAuditTrail,
  ) {}

  @Handles(IdentitySubjects.sendPasswordReset)
  async execute(req: SendPasswordResetRequest): Promise<MessageResponse> {
    if (req.actor?.role !== 'admin') throw IdentityErrors.adminOnly();
    const user = await this.users.findById(req.userId);
    if (!user) throw IdentityErrors.userNotFound();
    // The link itself is a secret: the trail says a new one was issued, never what it is.
    await this.sendLink(user, req.resetUrlBase, (m) =>
      this.audit.record(m, {
        actor: req.actor,
        action: 'user.password-reset-sent',
        target: { type: 'user', id: user.id, label: userAuditLabel(user) },
        before: { token: null },
        after: { token: 'issued' },
      }),
    );
    return { message: `A password reset link has been sent to ${user.email}` };
  }

  /** Stores a new single-use link (only its hash) and hands the e-mail to the notifications outbox. */
  async sendLink(user: { id: string; email: string; firstName: string }, resetUrlBase: string, alsoRecord?: AlsoRecord): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashResetToken(token);
    const expiresAt = new Date(Date.now() + this.env.PASSWORD_RESET_TTL_MINUTES * 60_000);
    await this.users.createResetToken(user.id, tokenHash, expiresAt, alsoRecord);
    const url = new URL('/reset-password', resetUrlBase);
    url.searchParams.set('token', token);
    await this.mailer.send({ to: user.email, firstName: user.firstName, resetUrl: url.toString(), expiresAt, linkId: tokenHash.slice(0, 32) });
  }
}
