import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type AdminEmailsResponse, IdentitySubjects } from '@bleedkits/contracts';

/** At most this many admins receive a contact message; a register has a handful. */
const MAX_ADMIN_EMAILS = 50;

@Controller()
export class AdminEmailsMessageController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The admins' addresses, oldest account first: who reads contact messages when no inbox is configured. */
  @MessagePattern(IdentitySubjects.adminEmails)
  async handle(): Promise<AdminEmailsResponse> {
    const rows: { email: string }[] = await this.dataSource.query(
      `SELECT email FROM identity.users WHERE role = 'admin' ORDER BY created_at, id LIMIT ${MAX_ADMIN_EMAILS}`,
    );
    return { emails: rows.map((r) => r.email) };
  }
}
