import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { auditRetentionCutoff } from '@bleedkits/platform';
import { NOTIFICATIONS_ENV, type NotificationsEnv } from '../../config/env';
import { NotificationsAuditTrail } from '../../database/notifications-audit-trail';

/** Deletes audit entries older than AUDIT_RETENTION_DAYS: the one delete the trail allows; running it twice is harmless. */
@Injectable()
export class NotificationsPurgeAuditEntriesHandler {
  constructor(
    private readonly audit: NotificationsAuditTrail,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NOTIFICATIONS_ENV) private readonly env: NotificationsEnv,
  ) {}

  async execute(now = new Date()): Promise<{ removed: number }> {
    return { removed: await this.audit.purgeOlderThan(this.dataSource, auditRetentionCutoff(now, this.env.AUDIT_RETENTION_DAYS)) };
  }
}
