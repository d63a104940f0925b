import { Injectable } from '@nestjs/common';
import { type LoginRequest, type UserResponse, errorMessages, loginRules, validateAgainst } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { toCurrentUser } from '../../domain/user';
import { IdentityErrors } from '../../domain/identity.errors';
import { UserRepository } from '../../database/user.repository';
import { IdentityAuditTrail } from '../../database/identity-audit-trail';
import { userAuditLabel } from '../../domain/user-audit';
import { PasswordHasher } from '../../passwords/password-hasher';

@Injectable()
export class LogInHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly audit: IdentityAuditTrail,
  ) {}

  /** Unknown e-mail, Google-only account and wrong password answer alike, after one argon2 verification each. */
  @Handles(IdentitySubjects.login)
  async execute(req: LoginRequest): Promise<UserResponse> {
    const failures = errorMessages(validateAgainst(loginRules, req));
    if (failures.length) throw ServiceError.validation(failures);
    const user = await this.users.findByEmail(req.email);
    const ok = await this.hasher.verify(user?.passwordHash ?? null, req.password);
    if (!user || !ok) throw IdentityErrors.invalidCredentials();
    if (user.role === 'admin')
      await this.audit.recordEvent({
        actor: { id: user.id, role: user.role, email: user.email },
        action: 'admin.signed-in',
        target: { type: 'user', id: user.id, label: userAuditLabel(user) },
      });
    return { user: toCurrentUser(user) };
  }
}
