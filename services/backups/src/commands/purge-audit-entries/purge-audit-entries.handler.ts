import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { auditRetentionCutoff } from '@bleedkits/platform';
import { BACKUPS_ENV, type BackupsEnv } from '../../config/env';
import { BackupsAuditTrail } from '../../database/backups-audit-trail';

/** Deletes audit entries older than AUDIT_RETENTION_DAYS: the one delete the trail allows; running it twice is harmless. */
@Injectable()
export class BackupsPurgeAuditEntriesHandler {
  constructor(
    private readonly audit: BackupsAuditTrail,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(BACKUPS_ENV) private readonly env: BackupsEnv,
  ) {}

  async execute(now = new Date()): Promise<{ removed: number }> {
    return { removed: await this.audit.purgeOlderThan(this.dataSource, auditRetentionCutoff(now, this.env.AUDIT_RETENTION_DAYS)) };
  }
}
