import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Actor, type AuditPage, type AuditPageRequest, NotificationsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { NotificationsAuditPageHandler } from './audit-page.handler';

@Controller()
export class NotificationsAuditPageMessageController {
  constructor(private readonly handler: NotificationsAuditPageHandler) {}

  @Handles(NotificationsSubjects.auditPage)
  handle(@Payload() req: { actor: Actor } & AuditPageRequest): Promise<AuditPage> {
    return this.handler.execute(req);
  }
}
