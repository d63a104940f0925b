import type { MigrationInterface, QueryRunner } from 'typeorm';

export class KitIdempotencyKeys1763800400000 implements MigrationInterface {
  name = 'KitIdempotencyKeys1763800400000';

  async up(q: QueryRunner): Promise<void> {
    // A command retried with the same key (an import row, a queued CSV update) finds its first result here instead
    // of acting twice. Kept apart from kits.kits so a key outlives the kit it made (a deleted kit is not re-created).
    await q.query(`
      CREATE TABLE kits.idempotency_keys (
        key text PRIMARY KEY,
        kit_id bigint NOT NULL,
        command text NOT NULL,
        revision bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The CSV comparison's matching rule (serial number, then location name + postcode) and the register's
    // postcode gazetteer; postcodes are stored normalised.
    await q.query(`CREATE INDEX kits_serial_match_idx ON kits.kits (upper(btrim(serial_number)))`);
    await q.query(
      `CREATE INDEX kits_location_match_idx ON kits.kits (lower(regexp_replace(btrim(location_name), '\\s+', ' ', 'g')), replace(postcode, ' ', ''))`,
    );
    await q.query(`CREATE INDEX kits_postcode_idx ON kits.kits (replace(postcode, ' ', ''))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX kits.kits_postcode_idx, kits.kits_location_match_idx, kits.kits_serial_match_idx`);
    await q.query(`DROP TABLE kits.idempotency_keys`);
  }
}
