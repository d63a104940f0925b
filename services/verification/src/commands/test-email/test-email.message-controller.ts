import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type VerificationTestEmailPreview,
  type VerificationTestEmailRequest,
  type VerificationTestEmailSent,
  VerificationSubjects,
} from '@bleedkits/contracts';
import { TestEmailHandler } from './test-email.handler';

@Controller()
export class TestEmailMessageController {
  constructor(private readonly handler: TestEmailHandler) {}

  @MessagePattern(VerificationSubjects.testEmail)
  handle(@Payload() req: VerificationTestEmailRequest): Promise<VerificationTestEmailPreview | VerificationTestEmailSent> {
    return this.handler.execute(req);
  }
}
