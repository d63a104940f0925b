import type { MigrationInterface, QueryRunner } from 'typeorm';
import { auditEntriesMigration } from '@bleedkits/platform';

const audit = auditEntriesMigration('kits');

/** The kits' audit trail (approved, rejected, edited, deleted: platform/src/audit) and who approved each kit. */
export class KitAuditEntries1764900100000 implements MigrationInterface {
  name = 'KitAuditEntries1764900100000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of audit.up) await q.query(sql);
    await q.query(`ALTER TABLE kits.kits ADD COLUMN approved_by text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE kits.kits DROP COLUMN approved_by`);
    for (const sql of audit.down) await q.query(sql);
  }
}
