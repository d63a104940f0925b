import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Actor, type AuditPage, type AuditPageRequest, BackupsSubjects } from '@bleedkits/contracts';
import { BackupsAuditPageHandler } from './audit-page.handler';

@Controller()
export class BackupsAuditPageMessageController {
  constructor(private readonly handler: BackupsAuditPageHandler) {}

  @MessagePattern(BackupsSubjects.auditPage)
  handle(@Payload() req: { actor: Actor } & AuditPageRequest): Promise<AuditPage> {
    return this.handler.execute(req);
  }
}
