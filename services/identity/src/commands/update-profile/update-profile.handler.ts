import { Injectable } from '@nestjs/common';
import { type RuleTable, type UserResponse, errorMessages, profileRules, validateAgainst } from '@bleedkits/contracts';
import { ServiceError } from '@bleedkits/platform';
import { toCurrentUser } from '../../domain/user';
import { IdentityErrors } from '../../domain/identity.errors';
import { UserRepository } from '../../database/user.repository';

export type ProfileChange = { userId: string; firstName: string; lastName: string; email: string };

/** Used by a user on their own profile and by an admin's 'Edit User'; the rules are the same three. */
@Injectable()
export class UpdateProfileHandler {
  constructor(private readonly users: UserRepository) {}

  async execute(req: ProfileChange, rules: RuleTable<'firstName' | 'lastName' | 'email'> = profileRules): Promise<UserResponse> {
    const failures = errorMessages(validateAgainst(rules, req));
    if (failures.length) throw ServiceError.validation(failures);
    const current = await this.users.findById(req.userId);
    if (!current) throw IdentityErrors.userNotFound();
    const other = await this.users.findByEmail(req.email);
    if (other && other.id !== current.id) throw IdentityErrors.duplicateEmail();
    const emailChanged = other?.id !== current.id;
    const user = await this.users.update(current.id, {
      firstName: req.firstName.trim(),
      lastName: req.lastName.trim(),
      email: req.email,
      // A new address has not been proven by anyone yet.
      ...(emailChanged ? { emailVerified: false } : {}),
    });
    return { user: toCurrentUser(user) };
  }
}
