import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Actor, type AuditPage, type AuditPageRequest, KitsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { KitAuditPageHandler } from './audit-page.handler';

@Controller()
export class KitAuditPageMessageController {
  constructor(private readonly handler: KitAuditPageHandler) {}

  @Handles(KitsSubjects.auditPage)
  handle(@Payload() req: { actor: Actor } & AuditPageRequest): Promise<AuditPage> {
    return this.handler.execute(req);
  }
}
