import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Actor, AuditPage, AuditPageRequest } from '@bleedkits/contracts';
import { KitErrors } from '../../domain/kit.errors';
import { KitAuditTrail } from '../../database/kit-audit-trail';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

/** One page of the kits' audit trail for /api/admin/audit and a kit's History: admins only, newest first. */
@Injectable()
export class KitAuditPageHandler {
  constructor(
    private readonly audit: KitAuditTrail,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Handles(KitsSubjects.auditPage)
  async execute({ actor, ...request }: { actor: Actor } & AuditPageRequest): Promise<AuditPage> {
    if (actor?.role !== 'admin') throw KitErrors.adminOnly();
    return this.audit.page(this.dataSource, request);
  }
}
