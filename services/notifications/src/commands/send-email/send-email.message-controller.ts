import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type SendEmailRequest, type SendEmailResponse } from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';
import { SendEmailHandler } from './send-email.handler';

@Controller()
export class SendEmailMessageController {
  constructor(private readonly handler: SendEmailHandler) {}

  /** Any context's e-mail. A Reply-To is not part of the public contract: only contact messages set one. */
  @Handles(NotificationsSubjects.send)
  handle(@Payload() req: SendEmailRequest): Promise<SendEmailResponse> {
    return this.handler.execute({
      idempotencyKey: req?.idempotencyKey,
      templateId: req?.templateId,
      to: req?.to,
      variables: req?.variables,
      custodianKitIds: req?.custodianKitIds,
      batch: req?.batch,
    });
  }
}
