import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IdentitySubjects, type ResetPasswordRequest, type ResetPasswordResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ResetPasswordHandler } from './reset-password.handler';

@Controller()
export class ResetPasswordMessageController {
  constructor(private readonly handler: ResetPasswordHandler) {}

  @Handles(IdentitySubjects.resetPassword)
  handle(@Payload() req: ResetPasswordRequest): Promise<ResetPasswordResponse> {
    return this.handler.execute(req);
  }
}
