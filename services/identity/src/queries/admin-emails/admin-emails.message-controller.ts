import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type AdminEmailsResponse, IdentitySubjects } from '@bleedkits/contracts';
import { AdminEmailsHandler } from './admin-emails.handler';

@Controller()
export class AdminEmailsMessageController {
  constructor(private readonly handler: AdminEmailsHandler) {}

  @MessagePattern(IdentitySubjects.adminEmails)
  handle(): Promise<AdminEmailsResponse> {
    return this.handler.execute();
  }
}
