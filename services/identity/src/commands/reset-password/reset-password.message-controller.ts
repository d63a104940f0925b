import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects, type ResetPasswordRequest } from '@bleedkits/contracts';
import { ResetPasswordHandler, type ResetPasswordResult } from './reset-password.handler';

@Controller()
export class ResetPasswordMessageController {
  constructor(private readonly handler: ResetPasswordHandler) {}

  @MessagePattern(IdentitySubjects.resetPassword)
  handle(@Payload() req: ResetPasswordRequest): Promise<ResetPasswordResult> {
    return this.handler.execute(req);
  }
}
