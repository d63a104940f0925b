import type { MigrationInterface, QueryRunner } from 'typeorm';
import { auditEntriesMigration } from '@bleedkits/platform';

const audit = auditEntriesMigration('identity');

/** Identity's audit trail (roles changed, users deleted, password resets sent, admins' sign-ins: platform/src/audit). */
export class IdentityAuditEntries1764900200000 implements MigrationInterface {
  name = 'IdentityAuditEntries1764900200000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of audit.up) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of audit.down) await q.query(sql);
  }
}
