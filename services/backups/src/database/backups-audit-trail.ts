import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditTrail } from '@bleedkits/platform';

/** A write that joins the transaction of a change (its audit entry): recorded if and only if the change committed. */
export type AlsoRecord = (m: EntityManager) => Promise<void>;

/** The backups schema's audit trail: a change's entry is written in its transaction (the repositories' alsoRecord). */
@Injectable()
export class BackupsAuditTrail extends AuditTrail {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super('backups');
  }

  async pageOf(request: Parameters<AuditTrail['page']>[1]) {
    return this.page(this.dataSource, request);
  }
}
