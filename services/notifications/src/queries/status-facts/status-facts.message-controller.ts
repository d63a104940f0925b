import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type MailStatusFacts, NotificationsSubjects } from '@bleedkits/contracts';
import { MailStatusRepository } from '../../database/mail-status.repository';

/** E-mail's facts for the admin status page (judged by the rule in contracts). */
@Controller()
export class MailStatusFactsMessageController {
  constructor(private readonly mail: MailStatusRepository) {}

  @MessagePattern(NotificationsSubjects.statusFacts)
  handle(): Promise<MailStatusFacts> {
    return this.mail.facts();
  }
}
