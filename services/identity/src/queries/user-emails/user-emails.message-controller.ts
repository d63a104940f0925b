import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects, type UserEmailsRequest, type UserEmailsResponse } from '@bleedkits/contracts';
import { UserEmailsHandler } from './user-emails.handler';

@Controller()
export class UserEmailsMessageController {
  constructor(private readonly handler: UserEmailsHandler) {}

  @MessagePattern(IdentitySubjects.userEmails)
  handle(@Payload() req: UserEmailsRequest): Promise<UserEmailsResponse> {
    return this.handler.execute(req);
  }
}
