import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type ChangePasswordRequest, IdentitySubjects, type MessageResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ChangePasswordHandler } from './change-password.handler';

@Controller()
export class ChangePasswordMessageController {
  constructor(private readonly handler: ChangePasswordHandler) {}

  @Handles(IdentitySubjects.changePassword)
  handle(@Payload() req: ChangePasswordRequest): Promise<MessageResponse> {
    return this.handler.execute(req);
  }
}
