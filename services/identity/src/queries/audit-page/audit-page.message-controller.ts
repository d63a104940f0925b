import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Actor, type AuditPage, type AuditPageRequest, IdentitySubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { IdentityAuditPageHandler } from './audit-page.handler';

@Controller()
export class IdentityAuditPageMessageController {
  constructor(private readonly handler: IdentityAuditPageHandler) {}

  @Handles(IdentitySubjects.auditPage)
  handle(@Payload() req: { actor: Actor } & AuditPageRequest): Promise<AuditPage> {
    return this.handler.execute(req);
  }
}
