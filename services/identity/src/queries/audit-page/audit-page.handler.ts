import { Injectable } from '@nestjs/common';
import type { Actor, AuditPage, AuditPageRequest } from '@bleedkits/contracts';
import { IdentityErrors } from '../../domain/identity.errors';
import { IdentityAuditTrail } from '../../database/identity-audit-trail';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

/** One page of identity's audit trail for /api/admin/audit: admins only, newest first. */
@Injectable()
export class IdentityAuditPageHandler {
  constructor(private readonly audit: IdentityAuditTrail) {}

  @Handles(IdentitySubjects.auditPage)
  async execute({ actor, ...request }: { actor: Actor } & AuditPageRequest): Promise<AuditPage> {
    if (actor?.role !== 'admin') throw IdentityErrors.adminOnly();
    return this.audit.pageOf(request);
  }
}
