import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Actor, AuditPage, AuditPageRequest } from '@bleedkits/contracts';
import { CodedError } from '@bleedkits/contracts';
import { NotificationsAuditTrail } from '../../database/notifications-audit-trail';

/** One page of the notifications' audit trail for /api/admin/audit and a kit's History: admins only, newest first. */
@Injectable()
export class NotificationsAuditPageHandler {
  constructor(
    private readonly audit: NotificationsAuditTrail,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async execute({ actor, ...request }: { actor: Actor } & AuditPageRequest): Promise<AuditPage> {
    if (actor?.role !== 'admin') throw CodedError.forbidden('Admin access is required.');
    return this.audit.page(this.dataSource, request);
  }
}
