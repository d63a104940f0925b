import { Injectable } from '@nestjs/common';
import { type Actor, type AuditPage, type AuditPageRequest, assertAdmin } from '@bleedkits/contracts';
import { BackupsSubjects } from '@bleedkits/contracts/wire';
import { BackupsAuditTrail } from '../../database/backups-audit-trail';
import { Handles } from '@bleedkits/platform';

/** One page of the backups' audit trail for /api/admin/audit: admins only, newest first. */
@Injectable()
export class BackupsAuditPageHandler {
  constructor(private readonly audit: BackupsAuditTrail) {}

  @Handles(BackupsSubjects.auditPage)
  async execute({ actor, ...request }: { actor: Actor } & AuditPageRequest): Promise<AuditPage> {
    assertAdmin(actor);
    return this.audit.pageOf(request);
  }
}
