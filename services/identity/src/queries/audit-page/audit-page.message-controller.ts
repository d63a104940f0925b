import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Actor, type AuditPage, type AuditPageRequest, IdentitySubjects } from '@bleedkits/contracts';
import { IdentityAuditPageHandler } from './audit-page.handler';

@Controller()
export class IdentityAuditPageMessageController {
  constructor(private readonly handler: IdentityAuditPageHandler) {}

  @MessagePattern(IdentitySubjects.auditPage)
  handle(@Payload() req: { actor: Actor } & AuditPageRequest): Promise<AuditPage> {
    return this.handler.execute(req);
  }
}
