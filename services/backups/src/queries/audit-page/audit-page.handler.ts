import { Injectable } from '@nestjs/common';
import type { Actor, AuditPage, AuditPageRequest } from '@bleedkits/contracts';
import { BackupsErrors } from '../../domain/backups-audit';
import { BackupsAuditTrail } from '../../database/backups-audit-trail';

/** One page of the backups' audit trail for /api/admin/audit: admins only, newest first. */
@Injectable()
export class BackupsAuditPageHandler {
  constructor(private readonly audit: BackupsAuditTrail) {}

  async execute({ actor, ...request }: { actor: Actor } & AuditPageRequest): Promise<AuditPage> {
    if (actor?.role !== 'admin') throw BackupsErrors.adminOnly();
    return this.audit.pageOf(request);
  }
}
