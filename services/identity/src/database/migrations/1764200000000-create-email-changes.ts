import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A change of sign-in e-mail waits here until the link sent to the new address is opened. Only a sha256 of the
 * link's token is stored; a link works once, before it expires, and only the newest one of a user stays open.
 */
export class CreateEmailChanges1764200000000 implements MigrationInterface {
  name = 'CreateEmailChanges1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE identity.email_changes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
        new_email text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX email_changes_open_by_user ON identity.email_changes (user_id) WHERE used_at IS NULL`);
    await q.query(`CREATE INDEX password_reset_tokens_open_by_user ON identity.password_reset_tokens (user_id) WHERE used_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX identity.password_reset_tokens_open_by_user`);
    await q.query(`DROP TABLE identity.email_changes`);
  }
}
