import { Injectable } from '@nestjs/common';
import { type UserEmailsRequest, type UserEmailsResponse, isUuid } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { UserRepository } from '../../database/user.repository';
import { Handles } from '@bleedkits/platform';

/** At most this many ids are looked up per request; the rest are ignored. */
export const USER_EMAILS_MAX_IDS = 5000;

/** E-mails for a set of user ids: kit views show the owner's address to admins. */
@Injectable()
export class UserEmailsHandler {
  constructor(private readonly users: UserRepository) {}

  @Handles(IdentitySubjects.userEmails)
  async execute(req: UserEmailsRequest): Promise<UserEmailsResponse> {
    const ids = req.userIds.filter(isUuid).slice(0, USER_EMAILS_MAX_IDS);
    return { emails: await this.users.emailsByIds(ids) };
  }
}
