import { Injectable } from '@nestjs/common';
import { EMAIL_PATTERN, type GoogleSignInRequest, TEXT_LIMITS, type UserResponse } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { toCurrentUser } from '../../domain/user';
import { IdentityErrors } from '../../domain/identity.errors';
import { UserRepository } from '../../database/user.repository';
import { IdentityAuditTrail } from '../../database/identity-audit-trail';
import { userAuditLabel } from '../../domain/user-audit';

/** Google's profile names are not ours to refuse: control characters become spaces and the length is capped. */
function profileName(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  return text
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()
    .slice(0, TEXT_LIMITS.name)
    .trim();
}

@Injectable()
export class SignInWithGoogleHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly audit: IdentityAuditTrail,
  ) {}

  /**
   * A known Google account signs in; an unknown one is linked to the account with the same e-mail, but only when
   * Google vouches for the e-mail (otherwise anyone could claim an address); else a new account is created.
   */
  @Handles(IdentitySubjects.googleSignIn)
  async execute(req: GoogleSignInRequest): Promise<UserResponse> {
    const signedIn = await this.signIn(req);
    const { user } = signedIn;
    if (user.role === 'admin')
      await this.audit.recordEvent({
        actor: { id: user.id, role: user.role, email: user.email },
        action: 'admin.signed-in',
        target: { type: 'user', id: user.id, label: userAuditLabel(user) },
      });
    return signedIn;
  }

  private async signIn(req: GoogleSignInRequest): Promise<UserResponse> {
    if (
      typeof req.googleId !== 'string' ||
      !req.googleId ||
      typeof req.email !== 'string' ||
      req.email.length > TEXT_LIMITS.email ||
      !EMAIL_PATTERN.test(req.email)
    )
      throw ServiceError.validation(['Google did not return an e-mail address']);
    const byGoogle = await this.users.findByGoogleId(req.googleId);
    if (byGoogle) return { user: toCurrentUser(byGoogle) };
    const byEmail = await this.users.findByEmail(req.email);
    if (byEmail) {
      if (!req.emailVerified) throw IdentityErrors.googleEmailUnverified();
      const linked = await this.users.update(byEmail.id, { googleId: req.googleId, emailVerified: true });
      return { user: toCurrentUser(linked) };
    }
    const created = await this.users.create({
      email: req.email,
      firstName: profileName(req.firstName) || profileName(req.email.split('@')[0]),
      lastName: profileName(req.lastName),
      passwordHash: null,
      role: 'user',
      googleId: req.googleId,
      emailVerified: req.emailVerified,
    });
    return { user: toCurrentUser(created) };
  }
}
