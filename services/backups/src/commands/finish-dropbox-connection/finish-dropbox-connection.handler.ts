import { Injectable, Logger } from '@nestjs/common';
import {
  type Actor,
  type DropboxConnectFinishRequest,
  type DropboxConnectFinishResponse,
  DropboxConnectionMessages,
  ErrorCode,
  assertAdmin,
} from '@bleedkits/contracts';
import { BackupsSubjects } from '@bleedkits/contracts/wire';
import { Clock, ServiceError, Handles } from '@bleedkits/platform';
import { BackupContext } from '../../backup-context';
import { BackupRunRepository } from '../../database/backup-run.repository';
import { DropboxConnectionRepository } from '../../database/dropbox-connection.repository';
import { DropboxAccess, SEALED_PURPOSE } from '../../dropbox-access';
import { DropboxAuthorization, DropboxGrantError } from '../../providers/dropbox-auth/dropbox-authorization';
import { RunBackupHandler } from '../run-backup/run-backup.handler';
import { VERIFIER_PURPOSE } from '../connect-dropbox/connect-dropbox.handler';
import { BackupsAuditTrail } from '../../database/backups-audit-trail';
import { DROPBOX_AUDIT_TARGET, dropboxAccountLabel } from '../../domain/backups-audit';

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 2048 ? v : null);

/**
 * Dropbox sent the admin back: the state must be one this register started (once, within its time), the code is
 * exchanged with the PKCE verifier for a refresh token (offline access), which is stored sealed as the connection,
 * replacing any other, with the admin's audit entry (the account, never a token) in its transaction; the backups not
 * yet copied are queued.
 */
@Injectable()
export class FinishDropboxConnectionHandler {
  private readonly logger = new Logger(FinishDropboxConnectionHandler.name);

  constructor(
    private readonly authorization: DropboxAuthorization,
    private readonly connections: DropboxConnectionRepository,
    private readonly dropbox: DropboxAccess,
    private readonly context: BackupContext,
    private readonly runs: BackupRunRepository,
    private readonly backups: RunBackupHandler,
    private readonly clock: Clock,
    private readonly audit: BackupsAuditTrail,
  ) {}

  @Handles(BackupsSubjects.finishDropboxConnection)
  async execute(request: { actor: Actor } & DropboxConnectFinishRequest): Promise<DropboxConnectFinishResponse> {
    assertAdmin(request?.actor);
    const state = text(request?.state);
    const pending = state ? await this.connections.takeAuthorization(state, this.clock.now()) : null;
    if (request?.error !== undefined) throw ServiceError.validation([DropboxConnectionMessages.cancelled]);
    const code = text(request?.code);
    if (!pending) throw ServiceError.validation([DropboxConnectionMessages.unknownState]);
    if (!code) throw ServiceError.validation([DropboxConnectionMessages.codeRefused]);
    const keys = await this.context.keyRing();
    const codeVerifier = keys.open(VERIFIER_PURPOSE, pending.verifierSealed);
    if (codeVerifier === null) throw ServiceError.validation([DropboxConnectionMessages.unknownState]);

    let tokens;
    try {
      tokens = await this.authorization.exchangeCode({ code, codeVerifier, redirectUri: pending.redirectUri });
    } catch (error) {
      if (!(error instanceof DropboxGrantError)) throw error;
      this.logger.warn(`Dropbox refused the authorization code: ${error.message}`);
      if (error.problem === 'unreachable')
        throw new ServiceError({ code: ErrorCode.ServiceUnavailable, message: DropboxConnectionMessages.unreachable });
      throw ServiceError.validation([DropboxConnectionMessages.codeRefused]);
    }
    // Without a refresh token (an app not asking for offline access) the connection would stop within hours.
    if (!tokens.refreshToken) throw ServiceError.validation([DropboxConnectionMessages.codeRefused]);
    const account = await this.authorization.account(tokens.accessToken).catch((error: Error) => {
      this.logger.warn(`Dropbox account not read: ${error.message}`);
      return null;
    });
    const secretSealed = keys.seal(SEALED_PURPOSE.connected, tokens.refreshToken);
    await this.connections.replace({ mode: 'connected', secretSealed, account, at: this.clock.now() }, (m) =>
      this.audit.record(m, {
        actor: request.actor,
        action: 'cloud-storage.connected',
        target: DROPBOX_AUDIT_TARGET,
        after: { account: dropboxAccountLabel(account), method: 'oauth' },
      }),
    );
    this.dropbox.remember(secretSealed, tokens.accessToken, tokens.expiresInSeconds);
    for (const run of await this.runs.awaitingCloudCopy()) await this.backups.queueCloudCopy(run.id);
    return { message: DropboxConnectionMessages.connected, connection: await this.dropbox.view() };
  }
}
