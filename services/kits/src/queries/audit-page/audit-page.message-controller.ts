import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Actor, type AuditPage, type AuditPageRequest, KitsSubjects } from '@bleedkits/contracts';
import { KitAuditPageHandler } from './audit-page.handler';

@Controller()
export class KitAuditPageMessageController {
  constructor(private readonly handler: KitAuditPageHandler) {}

  @MessagePattern(KitsSubjects.auditPage)
  handle(@Payload() req: { actor: Actor } & AuditPageRequest): Promise<AuditPage> {
    return this.handler.execute(req);
  }
}
