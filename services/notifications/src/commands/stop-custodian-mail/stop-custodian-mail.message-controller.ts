import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { NotificationsSubjects, type StopCustodianMailRequest, type StopCustodianMailResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { StopCustodianMailHandler } from './stop-custodian-mail.handler';

@Controller()
export class StopCustodianMailMessageController {
  constructor(private readonly handler: StopCustodianMailHandler) {}

  @Handles(NotificationsSubjects.stopCustodianMail)
  handle(@Payload() req: StopCustodianMailRequest): Promise<StopCustodianMailResponse> {
    return this.handler.execute({ token: req?.token });
  }
}
