import { Injectable } from '@nestjs/common';
import { EMAIL_PATTERN, FORGOT_PASSWORD_ANSWER, type MessageResponse, type RequestPasswordResetCommand, normaliseEmail } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { UserRepository } from '../../database/user.repository';
import { SendPasswordResetHandler } from '../send-password-reset/send-password-reset.handler';
import { Handles } from '@bleedkits/platform';

/**
 * Self-service "Forgot password?": an address with an account gets a single-use link; any other address gets
 * nothing. The answer is the same either way, so the form cannot be used to learn who has an account.
 */
@Injectable()
export class RequestPasswordResetHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly reset: SendPasswordResetHandler,
  ) {}

  @Handles(IdentitySubjects.requestPasswordReset)
  async execute(req: RequestPasswordResetCommand): Promise<MessageResponse> {
    const email = typeof req?.email === 'string' ? normaliseEmail(req.email) : '';
    if (EMAIL_PATTERN.test(email) && typeof req.resetUrlBase === 'string') {
      const user = await this.users.findByEmail(email);
      if (user) await this.reset.sendLink(user, req.resetUrlBase);
    }
    return { message: FORGOT_PASSWORD_ANSWER };
  }
}
