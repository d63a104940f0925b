import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AmbulanceFeed1763800100000 implements MigrationInterface {
  name = 'AmbulanceFeed1763800100000';

  async up(q: QueryRunner): Promise<void> {
    // One row per (kit, feed scope) the kit has ever been in: an ambulance service (the kit is active there) or
    // 'responder_app' (active and on the public map). The row moves to the kit's revision on every write that
    // touches that scope; when the kit leaves the scope it keeps a withdrawal reason. A feed (and the approved-kits
    // download) reads a scope's rows after a revision, in order: kits that joined or changed, and kits that left,
    // each exactly once per change. Maintained by triggers, so every write path (the service, imports, seed
    // scripts) keeps it, in the same transaction and so under the revision lock and in commit order.
    await q.query(`
      CREATE TABLE kits.feed_entries (
        kit_id bigint NOT NULL,
        scope text NOT NULL,
        revision bigint NOT NULL,
        withdrawn_reason text CHECK (withdrawn_reason IN ('deleted', 'rejected', 'pending_approval', 'moved_to_another_service', 'hidden_from_public_map')),
        PRIMARY KEY (kit_id, scope)
      )`);
    await q.query(`CREATE INDEX feed_entries_scope_revision_idx ON kits.feed_entries (scope, revision)`);
    await q.query(`CREATE INDEX feed_entries_revision_scope_idx ON kits.feed_entries (revision, scope)`);
    await q.query(`
      CREATE FUNCTION kits.feed_scopes(status text, service text, public_display boolean) RETURNS text[]
      LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE WHEN status <> 'active' THEN ARRAY[]::text[]
                    WHEN public_display THEN ARRAY[service, 'responder_app']
                    ELSE ARRAY[service] END
      $$`);
    await q.query(`
      CREATE FUNCTION kits.record_feed_entries() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        now_in text[] := kits.feed_scopes(NEW.status, NEW.ambulance_service, NEW.public_display);
        was_in text[] := CASE WHEN TG_OP = 'UPDATE' THEN kits.feed_scopes(OLD.status, OLD.ambulance_service, OLD.public_display) ELSE ARRAY[]::text[] END;
        s text;
      BEGIN
        FOREACH s IN ARRAY now_in LOOP
          INSERT INTO kits.feed_entries (kit_id, scope, revision, withdrawn_reason) VALUES (NEW.id, s, NEW.revision, NULL)
          ON CONFLICT (kit_id, scope) DO UPDATE SET revision = excluded.revision, withdrawn_reason = NULL;
        END LOOP;
        FOREACH s IN ARRAY was_in LOOP
          IF NOT (s = ANY (now_in)) THEN
            UPDATE kits.feed_entries
               SET revision = NEW.revision,
                   withdrawn_reason = CASE WHEN NEW.status = 'rejected' THEN 'rejected'
                                           WHEN NEW.status = 'pending' THEN 'pending_approval'
                                           WHEN s = 'responder_app' THEN 'hidden_from_public_map'
                                           ELSE 'moved_to_another_service' END
             WHERE kit_id = NEW.id AND scope = s;
          END IF;
        END LOOP;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER kits_feed_entries AFTER INSERT OR UPDATE ON kits.kits FOR EACH ROW EXECUTE FUNCTION kits.record_feed_entries()`);
    // A deletion leaves a tombstone with its revision: every scope the kit was still in gets a withdrawal.
    await q.query(`
      CREATE FUNCTION kits.record_feed_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE kits.feed_entries SET revision = NEW.revision, withdrawn_reason = 'deleted'
         WHERE kit_id = NEW.kit_id AND withdrawn_reason IS NULL;
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE TRIGGER kit_tombstones_feed_entries AFTER INSERT OR UPDATE ON kits.kit_tombstones FOR EACH ROW EXECUTE FUNCTION kits.record_feed_deletion()`,
    );
    await q.query(`
      INSERT INTO kits.feed_entries (kit_id, scope, revision)
      SELECT k.id, s.scope, k.revision FROM kits.kits k, unnest(kits.feed_scopes(k.status, k.ambulance_service, k.public_display)) AS s(scope)`);

    await q.query(`
      CREATE TABLE kits.ambulance_feed_clients (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        scope text NOT NULL,
        label text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        key_prefix text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid NOT NULL,
        last_used_at timestamptz,
        revoked_at timestamptz,
        revoked_by uuid
      )`);
    await q.query(`
      CREATE TABLE kits.ambulance_feed_access_log (
        id bigserial PRIMARY KEY,
        request_id uuid NOT NULL UNIQUE,
        client_id uuid NOT NULL REFERENCES kits.ambulance_feed_clients (id),
        scope text NOT NULL,
        accessed_at timestamptz NOT NULL DEFAULT now(),
        kits_returned int NOT NULL,
        codes_returned int NOT NULL,
        client_address text NOT NULL
      )`);
    await q.query(`CREATE INDEX ambulance_feed_access_log_time_idx ON kits.ambulance_feed_access_log (accessed_at DESC, id DESC)`);
    // Downloads now record how many withdrawals they carried; two downloads can never start from one watermark.
    await q.query(`ALTER TABLE kits.approved_kit_downloads ADD COLUMN withdrawal_count int NOT NULL DEFAULT 0`);
    await q.query(`CREATE UNIQUE INDEX approved_kit_downloads_from_key ON kits.approved_kit_downloads (from_revision)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX kits.approved_kit_downloads_from_key`);
    await q.query(`ALTER TABLE kits.approved_kit_downloads DROP COLUMN withdrawal_count`);
    await q.query(`DROP TABLE kits.ambulance_feed_access_log, kits.ambulance_feed_clients`);
    await q.query(`DROP TRIGGER kit_tombstones_feed_entries ON kits.kit_tombstones`);
    await q.query(`DROP TRIGGER kits_feed_entries ON kits.kits`);
    await q.query(`DROP FUNCTION kits.record_feed_deletion(), kits.record_feed_entries(), kits.feed_scopes(text, text, boolean)`);
    await q.query(`DROP TABLE kits.feed_entries`);
  }
}
