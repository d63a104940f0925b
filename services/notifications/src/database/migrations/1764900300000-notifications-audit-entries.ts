import type { MigrationInterface, QueryRunner } from 'typeorm';
import { auditEntriesMigration } from '@bleedkits/platform';

const audit = auditEntriesMigration('notifications');

/** The notifications' audit trail (e-mail templates edited: platform/src/audit). */
export class NotificationsAuditEntries1764900300000 implements MigrationInterface {
  name = 'NotificationsAuditEntries1764900300000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of audit.up) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of audit.down) await q.query(sql);
  }
}
