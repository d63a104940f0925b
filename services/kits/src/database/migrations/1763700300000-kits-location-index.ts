import type { MigrationInterface, QueryRunner } from 'typeorm';

export class KitsLocationIndex1763700300000 implements MigrationInterface {
  name = 'KitsLocationIndex1763700300000';

  async up(q: QueryRunner): Promise<void> {
    // Bounding-box reads of public kits: the gazetteer's reverse lookup and the benchmark's SQL baseline.
    await q.query(`CREATE INDEX kits_public_lat_lng_idx ON kits.kits (latitude, longitude) WHERE status = 'active' AND public_display`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX kits.kits_public_lat_lng_idx`);
  }
}
