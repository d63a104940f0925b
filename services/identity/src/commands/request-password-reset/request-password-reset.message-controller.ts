import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects, type MessageResponse, type RequestPasswordResetCommand } from '@bleedkits/contracts';
import { RequestPasswordResetHandler } from './request-password-reset.handler';

@Controller()
export class RequestPasswordResetMessageController {
  constructor(private readonly handler: RequestPasswordResetHandler) {}

  @MessagePattern(IdentitySubjects.requestPasswordReset)
  handle(@Payload() req: RequestPasswordResetCommand): Promise<MessageResponse> {
    return this.handler.execute(req);
  }
}
