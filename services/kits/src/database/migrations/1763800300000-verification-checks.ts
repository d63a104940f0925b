import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The custodian's six-monthly check: its history, the next due date it sets (or the admin's bulk update sets),
 * the consumables' expiry it records, and when the deployment status last changed (the verification context
 * e-mails the custodian once per deployment, keyed by that time).
 */
export class VerificationChecks1763800300000 implements MigrationInterface {
  name = 'VerificationChecks1763800300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE kits.kits
        ADD COLUMN next_verification_due date,
        ADD COLUMN tourniquet_expiry date,
        ADD COLUMN dressings_expiry date,
        ADD COLUMN deployment_changed_at timestamptz`);
    // Every writer of the deployment status (custodian, admin, the ambulance feed's code-disclosed report, the
    // checklist) moves this stamp, so none of them can forget it.
    await q.query(`
      CREATE FUNCTION kits.stamp_deployment_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' OR NEW.deployment_status IS DISTINCT FROM OLD.deployment_status THEN
          NEW.deployment_changed_at := now();
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER kits_stamp_deployment_change BEFORE INSERT OR UPDATE OF deployment_status ON kits.kits
        FOR EACH ROW EXECUTE FUNCTION kits.stamp_deployment_change()`);
    await q.query(`UPDATE kits.kits SET deployment_changed_at = updated_at WHERE deployment_status <> 'available'`);
    await q.query(`
      CREATE TABLE kits.verification_checks (
        id bigserial PRIMARY KEY,
        kit_id bigint NOT NULL REFERENCES kits.kits (id) ON DELETE CASCADE,
        checked_by uuid NOT NULL,
        checked_by_email text NOT NULL,
        checked_at timestamptz NOT NULL DEFAULT now(),
        cabinet_accessible boolean NOT NULL,
        kit_present boolean NOT NULL,
        seal_intact boolean NOT NULL,
        tourniquet_expiry date,
        dressings_expiry date,
        notes text,
        passed boolean NOT NULL
      )`);
    await q.query(`CREATE INDEX verification_checks_kit_idx ON kits.verification_checks (kit_id, checked_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE kits.verification_checks`);
    await q.query(`DROP TRIGGER kits_stamp_deployment_change ON kits.kits`);
    await q.query(`DROP FUNCTION kits.stamp_deployment_change()`);
    await q.query(
      `ALTER TABLE kits.kits DROP COLUMN next_verification_due, DROP COLUMN tourniquet_expiry, DROP COLUMN dressings_expiry, DROP COLUMN deployment_changed_at`,
    );
  }
}
