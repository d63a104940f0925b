import { Injectable } from '@nestjs/common';
import { type RegisterRequest, type UserResponse, errorMessages, signUpRules, validateAgainst } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { toCurrentUser } from '../../domain/user';
import { IdentityErrors } from '../../domain/identity.errors';
import { UserRepository } from '../../database/user.repository';
import { PasswordHasher } from '../../passwords/password-hasher';

@Injectable()
export class RegisterUserHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  @Handles(IdentitySubjects.register)
  async execute(req: RegisterRequest): Promise<UserResponse> {
    const failures = errorMessages(validateAgainst(signUpRules, req));
    if (failures.length) throw ServiceError.validation(failures);
    if (await this.users.findByEmail(req.email)) throw IdentityErrors.duplicateEmail();
    const user = await this.users.create({
      email: req.email,
      firstName: req.firstName.trim(),
      lastName: req.lastName.trim(),
      passwordHash: await this.hasher.hash(req.password),
      role: 'user',
      googleId: null,
      emailVerified: false,
    });
    return { user: toCurrentUser(user) };
  }
}
