import { Injectable } from '@nestjs/common';
import {
  type ConfirmEmailChangeRequest,
  type ConfirmEmailChangeResponse,
  EmailChangeMessages,
  confirmEmailChangeRules,
  errorMessages,
  validateAgainst,
} from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { UserRepository } from '../../database/user.repository';
import { hashResetToken } from '../send-password-reset/send-password-reset.handler';

/** The link sent to a new sign-in address was opened: the address changes now, once. */
@Injectable()
export class ConfirmEmailChangeHandler {
  constructor(private readonly users: UserRepository) {}

  /** Answers the user id so the gateway can end the user's other sessions. */
  @Handles(IdentitySubjects.confirmEmailChange)
  async execute(req: ConfirmEmailChangeRequest): Promise<ConfirmEmailChangeResponse> {
    const failures = errorMessages(validateAgainst(confirmEmailChangeRules, req));
    if (failures.length) throw ServiceError.validation(failures);
    const changed = await this.users.confirmEmailChange(hashResetToken(req.token));
    if (!changed) throw ServiceError.validation([EmailChangeMessages.linkInvalid]);
    return { message: EmailChangeMessages.confirmed, userId: changed.userId };
  }
}
