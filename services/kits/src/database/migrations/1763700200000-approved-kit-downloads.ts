import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ApprovedKitDownloads1763700200000 implements MigrationInterface {
  name = 'ApprovedKitDownloads1763700200000';

  async up(q: QueryRunner): Promise<void> {
    // Each ambulance-service download covers the revisions after the previous one, so no kit is sent twice
    // and none is skipped, however close together downloads and approvals are.
    await q.query(`
      CREATE TABLE kits.approved_kit_downloads (
        id bigserial PRIMARY KEY,
        downloaded_at timestamptz NOT NULL DEFAULT now(),
        from_revision bigint NOT NULL,
        to_revision bigint NOT NULL,
        kit_count int NOT NULL,
        downloaded_by uuid NOT NULL
      )`);
    await q.query(`CREATE INDEX kits_active_revision_idx ON kits.kits (revision) WHERE status = 'active'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX kits.kits_active_revision_idx`);
    await q.query(`DROP TABLE kits.approved_kit_downloads`);
  }
}
