import { Injectable, Logger } from '@nestjs/common';
import {
  BackupMessages,
  DROPBOX_TOKEN_MAX_LENGTH,
  type DropboxSetupRequest,
  type DropboxSetupResponse,
  ErrorCode,
  dropboxTokenRules,
  errorMessages,
  validateAgainst,
} from '@bleedkits/contracts';
import { ServiceError } from '@bleedkits/platform';
import { CloudStorage, CloudTokenError } from '../../providers/cloud-storage/cloud-storage';
import { BackupRunRepository } from '../../database/backup-run.repository';
import { BackupContext } from '../../backup-context';
import { RunBackupHandler } from '../run-backup/run-backup.handler';

/**
 * POST /api/admin/dropbox-setup: the spec's rules, then one call to Dropbox proving the token works and may write
 * files; only then is it stored (sealed with the backup key) and the backups not yet copied queued for upload.
 */
@Injectable()
export class ConfigureDropboxHandler {
  private readonly logger = new Logger(ConfigureDropboxHandler.name);

  constructor(
    private readonly cloud: CloudStorage,
    private readonly context: BackupContext,
    private readonly runs: BackupRunRepository,
    private readonly backups: RunBackupHandler,
  ) {}

  async execute(request: DropboxSetupRequest): Promise<DropboxSetupResponse> {
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
          throw ServiceError.validation([BackupMessages.tokenRejected]);
        case 'missing_write':
          throw ServiceError.validation([BackupMessages.tokenMissingWrite]);
        case 'unreachable':
          throw new ServiceError({ code: ErrorCode.ServiceUnavailable, message: BackupMessages.dropboxUnreachable });
      }
    }
    await this.context.storeDropboxToken(token);
    for (const run of await this.runs.awaitingCloudCopy()) await this.backups.queueCloudCopy(run.id);
    return { message: BackupMessages.dropboxConfigured };
  }
}
