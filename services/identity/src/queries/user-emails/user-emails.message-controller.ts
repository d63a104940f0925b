import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IdentitySubjects, type UserEmailsRequest, type UserEmailsResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { UserEmailsHandler } from './user-emails.handler';

@Controller()
export class UserEmailsMessageController {
  constructor(private readonly handler: UserEmailsHandler) {}

  @Handles(IdentitySubjects.userEmails)
  handle(@Payload() req: UserEmailsRequest): Promise<UserEmailsResponse> {
    return this.handler.execute(req);
  }
}
