import { Injectable } from '@nestjs/common';
import { AuditTrail } from '@bleedkits/platform';

/** The notifications schema's audit trail: each entry written in the transaction of the change it records. */
@Injectable()
export class NotificationsAuditTrail extends AuditTrail {
  constructor() {
    super('notifications');
  }
}
