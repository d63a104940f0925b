import { Controller } from '@nestjs/common';
import { type AdminEmailsResponse, IdentitySubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { AdminEmailsHandler } from './admin-emails.handler';

@Controller()
export class AdminEmailsMessageController {
  constructor(private readonly handler: AdminEmailsHandler) {}

  @Handles(IdentitySubjects.adminEmails)
  handle(): Promise<AdminEmailsResponse> {
    return this.handler.execute();
  }
}
