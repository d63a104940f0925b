import { Injectable } from '@nestjs/common';
import { type LoginRequest, type UserResponse, errorMessages, loginRules, validateAgainst } from '@bleedkits/contracts';
import { ServiceError } from '@bleedkits/platform';
import { toCurrentUser } from '../../domain/user';
import { IdentityErrors } from '../../domain/identity.errors';
import { UserRepository } from '../../database/user.repository';
import { PasswordHasher } from '../../passwords/password-hasher';

@Injectable()
export class LogInHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  /** Unknown e-mail, Google-only account and wrong password answer alike, after one argon2 verification each. */
  async execute(req: LoginRequest): Promise<UserResponse> {
    const failures = errorMessages(validateAgainst(loginRules, req));
    if (failures.length) throw ServiceError.validation(failures);
    const user = await this.users.findByEmail(req.email);
    const ok = await this.hasher.verify(user?.passwordHash ?? null, req.password);
    if (!user || !ok) throw IdentityErrors.invalidCredentials();
    return { user: toCurrentUser(user) };
  }
}
