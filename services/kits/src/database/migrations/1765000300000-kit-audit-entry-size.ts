import type { MigrationInterface, QueryRunner } from 'typeorm';
import { auditEntrySizeMigration } from '@bleedkits/platform';

const size = auditEntrySizeMigration('kits');

/** Each audit entry's size, so that a page is cut at its byte cap before its large values are read (platform/src/audit). */
export class KitAuditEntrySize1765000300000 implements MigrationInterface {
  name = 'KitAuditEntrySize1765000300000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of size.up) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of size.down) await q.query(sql);
  }
}
