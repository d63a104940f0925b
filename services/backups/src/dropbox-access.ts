import { Injectable, Logger } from '@nestjs/common';
import { type DropboxConnection, DropboxConnectionMessages } from '@bleedkits/contracts';
import { BackupsSubjects } from '@bleedkits/contracts/wire';
import { Clock, Handles } from '@bleedkits/platform';
import { BackupContext } from './backup-context';
import { DropboxConnectionRepository, type StoredDropboxConnection } from './database/dropbox-connection.repository';
import { BackupRunRepository } from './database/backup-run.repository';
import { CloudTokenError } from './providers/cloud-storage/cloud-storage';
import { DropboxAuthorization, DropboxGrantError } from './providers/dropbox-auth/dropbox-authorization';

/** What each kind of connection keeps sealed: the pasted access token, or the refresh token of "Connect Dropbox". */
export const SEALED_PURPOSE: Readonly<Record<StoredDropboxConnection['mode'], string>> = {
  legacy_token: 'dropbox-token',
  connected: 'dropbox-refresh-token',
};

/** An access token is renewed this long before Dropbox says it expires (clocks differ, uploads take time). */
const REFRESH_MARGIN_MS = 5 * 60_000;

export class DropboxNotConnectedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'DropboxNotConnectedError';
  }
}

/**
 * Access to Dropbox for the cloud copies: the pasted token as it is, or an access token from the stored refresh
 * token, renewed before it expires and once more when Dropbox answers expired_access_token anyway. A refresh token
 * Dropbox refuses (revoked) or a pasted token it rejects marks the connection broken: copies stop trying, and the
 * status page turns red until an admin connects again. Access tokens live in memory only: each replica renews its
 * own, the refresh token stays valid.
 */
@Injectable()
export class DropboxAccess {
  private readonly logger = new Logger(DropboxAccess.name);
  private cached: { sealed: string; token: string; expiresAt: number } | null = null;

  constructor(
    private readonly connections: DropboxConnectionRepository,
    private readonly runs: BackupRunRepository,
    private readonly authorization: DropboxAuthorization,
    private readonly context: BackupContext,
    private readonly clock: Clock,
  ) {}

  /** Whether there is a connection at all (a broken one still gets its copies queued, to fail them with the reason). */
  async exists(): Promise<boolean> {
    return (await this.connections.current()) !== null;
  }

  /** A connection copies can use (one exists and Dropbox has not refused it). */
  async usable(): Promise<boolean> {
    const connection = await this.connections.current();
    return connection !== null && connection.brokenAt === null;
  }

  /** Runs `call` with a valid access token; throws DropboxNotConnectedError when there is no usable connection. */
  async use<T>(call: (accessToken: string) => Promise<T>): Promise<T> {
    const connection = await this.connections.current();
    if (!connection) throw new DropboxNotConnectedError(DropboxConnectionMessages.notConnected);
    if (connection.brokenAt) throw new DropboxNotConnectedError(DropboxConnectionMessages.broken);
    const secret = (await this.context.keyRing()).open(SEALED_PURPOSE[connection.mode], connection.secretSealed);
    if (secret === null) {
      throw new DropboxNotConnectedError('The stored Dropbox connection cannot be read with the configured backup keys: connect Dropbox again');
    }
    if (connection.mode === 'legacy_token') {
      try {
        return await call(secret);
      } catch (error) {
        if (error instanceof CloudTokenError && (error.problem === 'expired' || error.problem === 'rejected'))
          await this.connections.markBroken(connection.secretSealed, `${DropboxConnectionMessages.broken} (${error.message})`, this.clock.now());
        throw error;
      }
    }
    try {
      return await call(await this.accessToken(connection, secret, false));
    } catch (error) {
      // Expired early, or revoked on its own: a new access token from the refresh token, once (a refresh token
      // Dropbox refuses marks the connection broken).
      if (!(error instanceof CloudTokenError && (error.problem === 'expired' || error.problem === 'rejected'))) throw error;
      this.logger.log(`Dropbox refused the access token (${error.problem}): refreshing once and trying again`);
      return call(await this.accessToken(connection, secret, true));
    }
  }

  /** Keeps the access token the code exchange gave, so the first copy needs no refresh. */
  remember(sealed: string, accessToken: string, expiresInSeconds: number): void {
    this.cached = { sealed, token: accessToken, expiresAt: this.clock.now().getTime() + expiresInSeconds * 1000 };
  }

  forget(): void {
    this.cached = null;
  }

  private async accessToken(connection: StoredDropboxConnection, refreshToken: string, force: boolean): Promise<string> {
    const cached = this.cached;
    const now = this.clock.now();
    if (!force && cached && cached.sealed === connection.secretSealed && cached.expiresAt - REFRESH_MARGIN_MS > now.getTime()) return cached.token;
    try {
      const tokens = await this.authorization.refresh(refreshToken);
      this.remember(connection.secretSealed, tokens.accessToken, tokens.expiresInSeconds);
      return tokens.accessToken;
    } catch (error) {
      if (error instanceof DropboxGrantError && error.problem === 'invalid_grant') {
        this.logger.error(`Dropbox refused the refresh token: ${error.message}`);
        await this.connections.markBroken(connection.secretSealed, `${DropboxConnectionMessages.broken} (${error.message})`, now);
        this.forget();
      }
      throw error;
    }
  }

  /** The connection as /admin/backups shows it. */
  @Handles(BackupsSubjects.dropboxConnection)
  async view(): Promise<DropboxConnection> {
    const [connection, health] = await Promise.all([this.connections.current(), this.runs.health()]);
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      mode: connection?.mode ?? 'none',
      connectAvailable: this.authorization.available,
      accountName: connection?.accountName ?? null,
      accountEmail: connection?.accountEmail ?? null,
      connectedAt: iso(connection?.connectedAt ?? null),
      broken: Boolean(connection?.brokenAt),
      lastCopyAt: iso(health.lastCopyAt),
      lastError: connection?.lastError ?? null,
      lastErrorAt: iso(connection?.lastErrorAt ?? null),
    };
  }
}
