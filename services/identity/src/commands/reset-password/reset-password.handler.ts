import { Injectable } from '@nestjs/common';
import { type ResetPasswordRequest, type ResetPasswordResponse, errorMessages, resetPasswordRules, validateAgainst } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { IdentityErrors } from '../../domain/identity.errors';
import { UserRepository } from '../../database/user.repository';
import { PasswordHasher } from '../../passwords/password-hasher';
import { hashResetToken } from '../send-password-reset/send-password-reset.handler';

@Injectable()
export class ResetPasswordHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  /** Answers the user id so the gateway can end every session of that user. */
  @Handles(IdentitySubjects.resetPassword)
  async execute(req: ResetPasswordRequest): Promise<ResetPasswordResponse> {
    const failures = errorMessages(validateAgainst(resetPasswordRules, req));
    if (failures.length) throw ServiceError.validation(failures);
    const userId = await this.users.consumeResetToken(hashResetToken(req.token), await this.hasher.hash(req.newPassword));
    if (!userId) throw IdentityErrors.resetTokenInvalid();
    return { message: 'Your password has been reset. You can now sign in.', userId };
  }
}
