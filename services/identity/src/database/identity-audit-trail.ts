import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditTrail, type NewAuditEntry } from '@bleedkits/platform';

/** The identity schema's audit trail: a change's entry is written in its transaction (UserRepository's alsoRecord). */
@Injectable()
export class IdentityAuditTrail extends AuditTrail {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super('identity');
  }

  /** An entry that records an event rather than a change (an admin's sign-in): written on its own. */
  async recordEvent(entry: NewAuditEntry): Promise<void> {
    await this.record(this.dataSource.manager, entry);
  }

  async pageOf(request: Parameters<AuditTrail['page']>[1]) {
    return this.page(this.dataSource, request);
  }
}
