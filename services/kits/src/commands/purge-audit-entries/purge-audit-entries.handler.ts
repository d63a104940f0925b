import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { auditRetentionCutoff } from '@bleedkits/platform';
import { KITS_ENV, type KitsEnv } from '../../config/env';
import { KitAuditTrail } from '../../database/kit-audit-trail';

/** Deletes audit entries older than AUDIT_RETENTION_DAYS: the one delete the trail allows; running it twice is harmless. */
@Injectable()
export class KitPurgeAuditEntriesHandler {
  constructor(
    private readonly audit: KitAuditTrail,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(KITS_ENV) private readonly env: KitsEnv,
  ) {}

  async execute(now = new Date()): Promise<{ removed: number }> {
    return { removed: await this.audit.purgeOlderThan(this.dataSource, auditRetentionCutoff(now, this.env.AUDIT_RETENTION_DAYS)) };
  }
}
