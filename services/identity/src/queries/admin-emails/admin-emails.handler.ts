import { Injectable } from '@nestjs/common';
import type { AdminEmailsResponse } from '@bleedkits/contracts';
import { UserRepository } from '../../database/user.repository';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

/** At most this many admins receive a contact message or an alert; a register has a handful. */
export const MAX_ADMIN_EMAILS = 50;

/** The admins' addresses, oldest account first: who reads contact messages and alerts when no inbox is configured. */
@Injectable()
export class AdminEmailsHandler {
  constructor(private readonly users: UserRepository) {}

  @Handles(IdentitySubjects.adminEmails)
  async execute(): Promise<AdminEmailsResponse> {
    return { emails: await this.users.adminEmails(MAX_ADMIN_EMAILS) };
  }
}
