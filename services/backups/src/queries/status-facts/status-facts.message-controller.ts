import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type BackupStatusFacts, BackupsSubjects } from '@bleedkits/contracts';
import { BackupRunRepository } from '../../database/backup-run.repository';
import { DropboxAccess } from '../../dropbox-access';

/** The backups context's facts for the admin status page (the rule that judges them is in contracts). */
@Controller()
export class StatusFactsMessageController {
  constructor(
    private readonly runs: BackupRunRepository,
    private readonly dropbox: DropboxAccess,
  ) {}

  @MessagePattern(BackupsSubjects.statusFacts)
  async handle(): Promise<BackupStatusFacts> {
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
