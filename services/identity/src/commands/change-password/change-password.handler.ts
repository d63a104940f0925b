import { Injectable } from '@nestjs/common';
import { type ChangePasswordRequest, type MessageResponse, errorMessages, passwordChangeServerRules, validateAgainst } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { IdentityErrors } from '../../domain/identity.errors';
import { UserRepository } from '../../database/user.repository';
import { PasswordHasher } from '../../passwords/password-hasher';

@Injectable()
export class ChangePasswordHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  @Handles(IdentitySubjects.changePassword)
  async execute(req: ChangePasswordRequest): Promise<MessageResponse> {
    const failures = errorMessages(validateAgainst(passwordChangeServerRules, req));
    if (failures.length) throw ServiceError.validation(failures);
    const user = await this.users.findById(req.userId);
    if (!user) throw IdentityErrors.userNotFound();
    if (!(await this.hasher.verify(user.passwordHash, req.currentPassword))) throw IdentityErrors.currentPasswordWrong();
    // Reset and e-mail-change links still open die with the old password (the gateway ends the other sessions).
    await this.users.setPassword(user.id, await this.hasher.hash(req.newPassword));
    return { message: 'Password changed' };
  }
}
