import { Injectable, Logger } from '@nestjs/common';
import {
  type Actor,
  BackupMessages,
  DROPBOX_TOKEN_MAX_LENGTH,
  type DropboxSetupRequest,
  type DropboxSetupResponse,
  ErrorCode,
  dropboxTokenRules,
  errorMessages,
  validateAgainst,
  assertAdmin,
} from '@bleedkits/contracts';
import { BackupsSubjects } from '@bleedkits/contracts/wire';
import { Clock, ServiceError, Handles } from '@bleedkits/platform';
import { CloudStorage, CloudTokenError } from '../../providers/cloud-storage/cloud-storage';
import { BackupRunRepository } from '../../database/backup-run.repository';
import { BackupContext } from '../../backup-context';
import { RunBackupHandler } from '../run-backup/run-backup.handler';
import { DropboxConnectionRepository } from '../../database/dropbox-connection.repository';
import { DropboxAccess, SEALED_PURPOSE } from '../../dropbox-access';
import { DropboxAuthorization } from '../../providers/dropbox-auth/dropbox-authorization';
import { BackupsAuditTrail } from '../../database/backups-audit-trail';
import { DROPBOX_AUDIT_TARGET, dropboxAccountLabel } from '../../domain/backups-audit';

/**
 * POST /api/admin/dropbox-setup (a pasted access token, for older Dropbox apps): the spec's rules, then one call to
 * Dropbox proving the token works and may write files; only then is it stored (sealed with the backup key) as the
 * connection, replacing any other, and the backups not yet copied queued for upload. The page says such a token may
 * expire; "Connect Dropbox" is the lasting way. The connection's audit entry names the account, never the token.
 */
@Injectable()
export class ConfigureDropboxHandler {
  private readonly logger = new Logger(ConfigureDropboxHandler.name);

  constructor(
    private readonly cloud: CloudStorage,
    private readonly context: BackupContext,
    private readonly runs: BackupRunRepository,
    private readonly backups: RunBackupHandler,
    private readonly connections: DropboxConnectionRepository,
    private readonly dropbox: DropboxAccess,
    private readonly authorization: DropboxAuthorization,
    private readonly clock: Clock,
    private readonly audit: BackupsAuditTrail,
  ) {}

  @Handles(BackupsSubjects.configureDropbox)
  async execute(request: { actor: Actor } & DropboxSetupRequest): Promise<DropboxSetupResponse> {
    assertAdmin(request?.actor);
    const errors = errorMessages(validateAgainst(dropboxTokenRules, { token: request?.token }));
    if (errors.length) throw ServiceError.validation(errors);
    const token = String(request.token).trim();
    if (token.length > DROPBOX_TOKEN_MAX_LENGTH)
      throw ServiceError.validation([`A Dropbox token is at most ${DROPBOX_TOKEN_MAX_LENGTH} characters long`]);
    try {
      await this.cloud.checkToken(token);
    } catch (error) {
      if (!(error instanceof CloudTokenError)) throw error;
      this.logger.warn(`Dropbox token refused (${error.problem}): ${error.message}`);
      switch (error.problem) {
        case 'rejected':
        case 'expired':
          throw ServiceError.validation([BackupMessages.tokenRejected]);
        case 'missing_write':
          throw ServiceError.validation([BackupMessages.tokenMissingWrite]);
        case 'unreachable':
          throw new ServiceError({ code: ErrorCode.ServiceUnavailable, message: BackupMessages.dropboxUnreachable });
      }
    }
    // The account is shown when the token may read it (account_info.read); a token without that scope still copies.
    const account = await this.authorization.account(token).catch(() => null);
    const secretSealed = (await this.context.keyRing()).seal(SEALED_PURPOSE.legacy_token, token);
    await this.connections.replace({ mode: 'legacy_token', secretSealed, account, at: this.clock.now() }, (m) =>
      this.audit.record(m, {
        actor: request.actor,
        action: 'cloud-storage.connected',
        target: DROPBOX_AUDIT_TARGET,
        after: { account: dropboxAccountLabel(account), method: 'pasted token' },
      }),
    );
    this.dropbox.forget();
    for (const run of await this.runs.awaitingCloudCopy()) await this.backups.queueCloudCopy(run.id);
    return { message: BackupMessages.dropboxConfigured };
  }
}
