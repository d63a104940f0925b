import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { auditRetentionCutoff } from '@bleedkits/platform';
import { IDENTITY_ENV, type IdentityEnv } from '../../config/env';
import { IdentityAuditTrail } from '../../database/identity-audit-trail';

/** Deletes audit entries older than AUDIT_RETENTION_DAYS: the one delete the trail allows; running it twice is harmless. */
@Injectable()
export class IdentityPurgeAuditEntriesHandler {
  constructor(
    private readonly audit: IdentityAuditTrail,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {}

  async execute(now = new Date()): Promise<{ removed: number }> {
    return { removed: await this.audit.purgeOlderThan(this.dataSource, auditRetentionCutoff(now, this.env.AUDIT_RETENTION_DAYS)) };
  }
}
