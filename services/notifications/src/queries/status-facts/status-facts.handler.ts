import { Injectable } from '@nestjs/common';
import type { MailStatusFacts } from '@bleedkits/contracts';
import { MailStatusRepository } from '../../database/mail-status.repository';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

/** E-mail's facts for the admin status page (judged by the rule in contracts, not here). */
@Injectable()
export class MailStatusFactsHandler {
  constructor(private readonly mail: MailStatusRepository) {}

  @Handles(NotificationsSubjects.statusFacts)
  execute(): Promise<MailStatusFacts> {
    return this.mail.facts();
  }
}
