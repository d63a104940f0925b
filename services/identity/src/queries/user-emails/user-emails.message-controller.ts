import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects } from '@bleedkits/contracts';
import { UserRepository } from '../../database/user.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** E-mails for a set of user ids: kit views show the owner's address to admins. */
@Controller()
export class UserEmailsMessageController {
  constructor(private readonly users: UserRepository) {}

  @MessagePattern(IdentitySubjects.userEmails)
  async handle(@Payload() req: { userIds: string[] }): Promise<{ emails: Record<string, string> }> {
    const ids = (req?.userIds ?? []).filter((id) => typeof id === 'string' && UUID.test(id)).slice(0, 5000);
    return { emails: await this.users.emailsByIds(ids) };
  }
}
