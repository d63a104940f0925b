import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects, type MessageResponse, type SendPasswordResetRequest } from '@bleedkits/contracts';
import { SendPasswordResetHandler } from './send-password-reset.handler';

@Controller()
export class SendPasswordResetMessageController {
  constructor(private readonly handler: SendPasswordResetHandler) {}

  @MessagePattern(IdentitySubjects.sendPasswordReset)
  handle(@Payload() req: SendPasswordResetRequest): Promise<MessageResponse> {
    return this.handler.execute(req);
  }
}
