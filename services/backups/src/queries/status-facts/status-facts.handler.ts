import { Injectable } from '@nestjs/common';
import type { BackupStatusFacts } from '@bleedkits/contracts';
import { BackupRunRepository } from '../../database/backup-run.repository';
import { DropboxAccess } from '../../dropbox-access';
import { BackupsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

/** The backups context's facts for the admin status page (the rule that judges them is in contracts). */
@Injectable()
export class StatusFactsHandler {
  constructor(
    private readonly runs: BackupRunRepository,
    private readonly dropbox: DropboxAccess,
  ) {}

  @Handles(BackupsSubjects.statusFacts)
  async execute(): Promise<BackupStatusFacts> {
    const [health, connection] = await Promise.all([this.runs.health(), this.dropbox.view()]);
    return {
      lastGoodBackupAt: health.lastGoodAt?.toISOString() ?? null,
      lastFailedBackupAt: health.lastFailedAt?.toISOString() ?? null,
      lastBackupError: health.lastError,
      cloud: {
        mode: connection.mode,
        broken: connection.broken,
        connectedAt: connection.connectedAt,
        lastCopyAt: connection.lastCopyAt,
        lastError: connection.lastError,
        lastErrorAt: connection.lastErrorAt,
      },
    };
  }
}
