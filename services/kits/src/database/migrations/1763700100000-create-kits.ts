import type { MigrationInterface, QueryRunner } from 'typeorm';
import { KIT_MAKES, makeLabel } from '@bleedkits/contracts';

export class CreateKits1763700100000 implements MigrationInterface {
  name = 'CreateKits1763700100000';

  async up(q: QueryRunner): Promise<void> {
    // One sequence orders every write to the register; consumers follow it (ARCHITECTURE: revision change feed).
    await q.query(`CREATE SEQUENCE kits.revision_seq`);
    await q.query(`
      CREATE TABLE kits.kits (
        id bigserial PRIMARY KEY,
        revision bigint NOT NULL,
        serial_number text NOT NULL,
        make text NOT NULL,
        other_make text,
        location_type text NOT NULL,
        cabinet_code text,
        location_name text NOT NULL,
        address_line1 text NOT NULL,
        address_line2 text,
        city text NOT NULL,
        postcode text NOT NULL,
        latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
        longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
        what3words text,
        detailed_location text,
        opening_hours text NOT NULL DEFAULT '',
        availability text,
        purchase_date date NOT NULL,
        expiry_date date NOT NULL,
        custodian_name text NOT NULL,
        custodian_phone text NOT NULL,
        custodian_email text NOT NULL,
        ambulance_service text NOT NULL DEFAULT 'unknown',
        public_display boolean NOT NULL DEFAULT true,
        manually_checked boolean NOT NULL DEFAULT false,
        owner_id uuid,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'rejected')),
        approved_at timestamptz,
        last_verified_at timestamptz,
        deployment_status text NOT NULL DEFAULT 'available' CHECK (deployment_status IN ('available', 'unchecked', 'deployed')),
        deployment_notes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX kits_revision_key ON kits.kits (revision)`);
    await q.query(`CREATE INDEX kits_owner_idx ON kits.kits (owner_id)`);
    await q.query(`CREATE INDEX kits_status_idx ON kits.kits (status)`);
    await q.query(`
      CREATE TABLE kits.kit_tombstones (
        kit_id bigint PRIMARY KEY,
        revision bigint NOT NULL UNIQUE,
        deleted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE kits.deployment_changes (
        id bigserial PRIMARY KEY,
        kit_id bigint NOT NULL REFERENCES kits.kits (id) ON DELETE CASCADE,
        status text NOT NULL,
        notes text,
        changed_by uuid NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX deployment_changes_kit_idx ON kits.deployment_changes (kit_id, changed_at)`);
    await q.query(`
      CREATE TABLE kits.manufacturers (
        key text PRIMARY KEY CHECK (key ~ '^[a-z0-9_]+$'),
        label text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const make of KIT_MAKES) await q.query(`INSERT INTO kits.manufacturers (key, label) VALUES ($1, $2)`, [make, makeLabel(make)]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE kits.manufacturers, kits.deployment_changes, kits.kit_tombstones, kits.kits`);
    await q.query(`DROP SEQUENCE kits.revision_seq`);
  }
}
