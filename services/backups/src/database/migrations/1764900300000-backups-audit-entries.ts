import type { MigrationInterface, QueryRunner } from 'typeorm';
import { auditEntriesMigration } from '@bleedkits/platform';

const audit = auditEntriesMigration('backups');

/** The backups' audit trail (manual backups, Dropbox connected and disconnected, restores: platform/src/audit). */
export class BackupsAuditEntries1764900300000 implements MigrationInterface {
  name = 'BackupsAuditEntries1764900300000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of audit.up) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of audit.down) await q.query(sql);
  }
}
