import { Injectable } from '@nestjs/common';
import { AuditTrail } from '@bleedkits/platform';

/** The kits schema's audit trail: each entry written in the transaction of the change it records. */
@Injectable()
export class KitAuditTrail extends AuditTrail {
  constructor() {
    super('kits');
  }
}
