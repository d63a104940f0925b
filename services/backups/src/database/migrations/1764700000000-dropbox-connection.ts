import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DropboxConnection1764700000000 implements MigrationInterface {
  name = 'DropboxConnection1764700000000';

  async up(q: QueryRunner): Promise<void> {
    // The one Dropbox connection of the register: a refresh token from "Connect Dropbox" (OAuth 2 with PKCE) or an
    // access token pasted by an admin (older apps), sealed with the backup key; the account it reaches; whether
    // Dropbox still accepts it, and the last cloud error, for /admin/backups and /admin/status.
    await q.query(`
      CREATE TABLE backups.dropbox_connection (
        id int PRIMARY KEY CHECK (id = 1),
        mode text NOT NULL CHECK (mode IN ('connected', 'legacy_token')),
        secret_sealed text NOT NULL,
        account_id text,
        account_name text,
        account_email text,
        connected_at timestamptz NOT NULL,
        broken_at timestamptz,
        last_error text,
        last_error_at timestamptz
      )`);
    await q.query(`
      INSERT INTO backups.dropbox_connection (id, mode, secret_sealed, connected_at)
      SELECT 1, 'legacy_token', value, updated_at FROM backups.settings WHERE name = 'dropbox_token'`);
    await q.query(`DELETE FROM backups.settings WHERE name = 'dropbox_token'`);
    // A started "Connect Dropbox": its state (the CSRF check of the redirect back) and its PKCE code verifier,
    // sealed; used once.
    await q.query(`
      CREATE TABLE backups.dropbox_authorizations (
        state text PRIMARY KEY,
        verifier_sealed text NOT NULL,
        redirect_uri text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // When each backup's copy reached Dropbox (the last successful cloud copy).
    await q.query(`ALTER TABLE backups.backup_runs ADD COLUMN uploaded_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE backups.backup_runs DROP COLUMN uploaded_at`);
    await q.query(`DROP TABLE backups.dropbox_authorizations`);
    await q.query(`
      INSERT INTO backups.settings (name, value) SELECT 'dropbox_token', secret_sealed FROM backups.dropbox_connection WHERE mode = 'legacy_token'`);
    await q.query(`DROP TABLE backups.dropbox_connection`);
  }
}
