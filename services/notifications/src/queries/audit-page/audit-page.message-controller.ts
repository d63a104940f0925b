import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Actor, type AuditPage, type AuditPageRequest, NotificationsSubjects } from '@bleedkits/contracts';
import { NotificationsAuditPageHandler } from './audit-page.handler';

@Controller()
export class NotificationsAuditPageMessageController {
  constructor(private readonly handler: NotificationsAuditPageHandler) {}

  @MessagePattern(NotificationsSubjects.auditPage)
  handle(@Payload() req: { actor: Actor } & AuditPageRequest): Promise<AuditPage> {
    return this.handler.execute(req);
  }
}
