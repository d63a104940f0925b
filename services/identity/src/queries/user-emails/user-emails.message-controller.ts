import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects, type UserEmailsRequest, type UserEmailsResponse, isUuid } from '@bleedkits/contracts';
import { UserRepository } from '../../database/user.repository';

/** E-mails for a set of user ids: kit views show the owner's address to admins. */
@Controller()
export class UserEmailsMessageController {
  constructor(private readonly users: UserRepository) {}

  @MessagePattern(IdentitySubjects.userEmails)
  async handle(@Payload() req: UserEmailsRequest): Promise<UserEmailsResponse> {
    const ids = req.userIds.filter(isUuid).slice(0, 5000);
    return { emails: await this.users.emailsByIds(ids) };
  }
}
