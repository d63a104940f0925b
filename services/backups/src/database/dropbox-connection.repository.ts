import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DROPBOX_AUTHORIZATION_TTL_MINUTES, type DropboxConnectionMode } from '@bleedkits/contracts';
import type { AlsoRecord } from './backups-audit-trail';

export type StoredDropboxConnection = {
  mode: Exclude<DropboxConnectionMode, 'none'>;
  secretSealed: string;
  accountId: string | null;
  accountName: string | null;
  accountEmail: string | null;
  connectedAt: Date;
  brokenAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
};

const COLUMNS = `mode, secret_sealed AS "secretSealed", account_id AS "accountId", account_name AS "accountName",
  account_email AS "accountEmail", connected_at AS "connectedAt", broken_at AS "brokenAt", last_error AS "lastError",
  last_error_at AS "lastErrorAt"`;

/** The register's one Dropbox connection and the "Connect Dropbox" requests under way. */
@Injectable()
export class DropboxConnectionRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async current(): Promise<StoredDropboxConnection | null> {
    const rows: StoredDropboxConnection[] = await this.db.query(`SELECT ${COLUMNS} FROM backups.dropbox_connection WHERE id = 1`);
    return rows[0] ?? null;
  }

  /**
   * A new connection replaces the old one whole: its account, its health and its last error start afresh.
   * `alsoRecord` writes in the same transaction (the audit entry of the connection).
   */
  async replace(
    c: {
      mode: StoredDropboxConnection['mode'];
      secretSealed: string;
      account: { id: string; name: string; email: string } | null;
      at: Date;
    },
    alsoRecord?: AlsoRecord,
  ): Promise<void> {
    await this.db.transaction(async (m) => {
      await m.query(
        `INSERT INTO backups.dropbox_connection (id, mode, secret_sealed, account_id, account_name, account_email, connected_at)
       VALUES (1, $1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET mode = EXCLUDED.mode, secret_sealed = EXCLUDED.secret_sealed, account_id = EXCLUDED.account_id,
         account_name = EXCLUDED.account_name, account_email = EXCLUDED.account_email, connected_at = EXCLUDED.connected_at,
         broken_at = NULL, last_error = NULL, last_error_at = NULL`,
        [c.mode, c.secretSealed, c.account?.id ?? null, c.account?.name ?? null, c.account?.email ?? null, c.at],
      );
      await alsoRecord?.(m);
    });
  }

  /** Only the connection that failed is marked: one made again meanwhile (another secret) stays healthy. */
  async markBroken(secretSealed: string, error: string, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE backups.dropbox_connection SET broken_at = coalesce(broken_at, $2), last_error = $3, last_error_at = $2 WHERE id = 1 AND secret_sealed = $1`,
      [secretSealed, at, error.slice(0, 2000)],
    );
  }

  async recordError(error: string, at: Date): Promise<void> {
    await this.db.query(`UPDATE backups.dropbox_connection SET last_error = $2, last_error_at = $1 WHERE id = 1`, [at, error.slice(0, 2000)]);
  }

  async setAccount(account: { id: string; name: string; email: string }): Promise<void> {
    await this.db.query(`UPDATE backups.dropbox_connection SET account_id = $1, account_name = $2, account_email = $3 WHERE id = 1`, [
      account.id,
      account.name,
      account.email,
    ]);
  }

  /** Forgets the connection; `alsoRecord` runs in the same transaction, and only when there was one to forget. */
  async remove(alsoRecord?: AlsoRecord): Promise<void> {
    await this.db.transaction(async (m) => {
      const [, removed] = (await m.query(`DELETE FROM backups.dropbox_connection WHERE id = 1 RETURNING id`)) as [unknown[], number];
      if (removed > 0) await alsoRecord?.(m);
    });
  }

  async startAuthorization(a: { state: string; verifierSealed: string; redirectUri: string; at: Date }): Promise<void> {
    // Requests never finished (the admin closed Dropbox's page) are dropped as new ones start.
    await this.db.query(`DELETE FROM backups.dropbox_authorizations WHERE created_at < $1`, [
      new Date(a.at.getTime() - DROPBOX_AUTHORIZATION_TTL_MINUTES * 60_000),
    ]);
    await this.db.query(`INSERT INTO backups.dropbox_authorizations (state, verifier_sealed, redirect_uri, created_at) VALUES ($1, $2, $3, $4)`, [
      a.state,
      a.verifierSealed,
      a.redirectUri,
      a.at,
    ]);
  }

  /** Takes a started request once: a replayed redirect finds nothing. Null when unknown or older than the TTL. */
  async takeAuthorization(state: string, at: Date): Promise<{ verifierSealed: string; redirectUri: string } | null> {
    const [rows] = (await this.db.query(
      `DELETE FROM backups.dropbox_authorizations WHERE state = $1 RETURNING verifier_sealed AS "verifierSealed", redirect_uri AS "redirectUri", created_at AS "createdAt"`,
      [state],
    )) as [{ verifierSealed: string; redirectUri: string; createdAt: Date }[], number];
    const row = rows[0];
    if (!row || at.getTime() - row.createdAt.getTime() > DROPBOX_AUTHORIZATION_TTL_MINUTES * 60_000) return null;
    return { verifierSealed: row.verifierSealed, redirectUri: row.redirectUri };
  }
}
