import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IdentitySubjects, type MessageResponse, type RequestPasswordResetCommand } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { RequestPasswordResetHandler } from './request-password-reset.handler';

@Controller()
export class RequestPasswordResetMessageController {
  constructor(private readonly handler: RequestPasswordResetHandler) {}

  @Handles(IdentitySubjects.requestPasswordReset)
  handle(@Payload() req: RequestPasswordResetCommand): Promise<MessageResponse> {
    return this.handler.execute(req);
  }
}
