import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type Actor, type AuditPage, type AuditPageRequest, assertAdmin } from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { NotificationsAuditTrail } from '../../database/notifications-audit-trail';
import { Handles } from '@bleedkits/platform';

/** One page of the notifications' audit trail for /api/admin/audit and a kit's History: admins only, newest first. */
@Injectable()
export class NotificationsAuditPageHandler {
  constructor(
    private readonly audit: NotificationsAuditTrail,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Handles(NotificationsSubjects.auditPage)
  async execute({ actor, ...request }: { actor: Actor } & AuditPageRequest): Promise<AuditPage> {
    assertAdmin(actor);
    return this.audit.page(this.dataSource, request);
  }
}
