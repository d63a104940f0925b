import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IdentitySubjects, type MessageResponse, type SendPasswordResetRequest } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { SendPasswordResetHandler } from './send-password-reset.handler';

@Controller()
export class SendPasswordResetMessageController {
  constructor(private readonly handler: SendPasswordResetHandler) {}

  @Handles(IdentitySubjects.sendPasswordReset)
  handle(@Payload() req: SendPasswordResetRequest): Promise<MessageResponse> {
    return this.handler.execute(req);
  }
}
