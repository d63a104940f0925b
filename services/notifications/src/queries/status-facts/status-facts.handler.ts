import { Injectable } from '@nestjs/common';
import type { MailStatusFacts } from '@bleedkits/contracts';
import { MailStatusRepository } from '../../database/mail-status.repository';

/** E-mail's facts for the admin status page (judged by the rule in contracts, not here). */
@Injectable()
export class MailStatusFactsHandler {
  constructor(private readonly mail: MailStatusRepository) {}

  execute(): Promise<MailStatusFacts> {
    return this.mail.facts();
  }
}
