import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type ConfirmEmailChangeRequest, type ConfirmEmailChangeResponse, IdentitySubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ConfirmEmailChangeHandler } from './confirm-email-change.handler';

@Controller()
export class ConfirmEmailChangeMessageController {
  constructor(private readonly handler: ConfirmEmailChangeHandler) {}

  @Handles(IdentitySubjects.confirmEmailChange)
  handle(@Payload() req: ConfirmEmailChangeRequest): Promise<ConfirmEmailChangeResponse> {
    return this.handler.execute(req);
  }
}
