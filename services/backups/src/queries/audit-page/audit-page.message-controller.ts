import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Actor, type AuditPage, type AuditPageRequest, BackupsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { BackupsAuditPageHandler } from './audit-page.handler';

@Controller()
export class BackupsAuditPageMessageController {
  constructor(private readonly handler: BackupsAuditPageHandler) {}

  @Handles(BackupsSubjects.auditPage)
  handle(@Payload() req: { actor: Actor } & AuditPageRequest): Promise<AuditPage> {
    return this.handler.execute(req);
  }
}
