import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type VerificationTestEmailPreview,
  type VerificationTestEmailRequest,
  type VerificationTestEmailSent,
  VerificationSubjects,
} from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { TestEmailHandler } from './test-email.handler';

@Controller()
export class TestEmailMessageController {
  constructor(private readonly handler: TestEmailHandler) {}

  @Handles(VerificationSubjects.testEmail)
  handle(@Payload() req: VerificationTestEmailRequest): Promise<VerificationTestEmailPreview | VerificationTestEmailSent> {
    return this.handler.execute(req);
  }
}
