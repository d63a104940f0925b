import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Actor, BackupJobNames, ErrorCode, type ManualBackupJob, QueueNames, type StartBackupResponse, assertAdmin } from '@bleedkits/contracts';
import { BackupsSubjects } from '@bleedkits/contracts/wire';
import { Clock, InjectTypedQueue, ServiceError, type TypedQueue, Handles } from '@bleedkits/platform';
import { BackupRunRepository, toRecord } from '../../database/backup-run.repository';
import { BackupsAuditTrail } from '../../database/backups-audit-trail';

export const manualRunKey = (backupId: string) => `manual:${backupId}`;

/**
 * Backup Now: the history row exists (in progress) before the answer, with the admin's audit entry in its
 * transaction; a worker makes the full backup.
 */
@Injectable()
export class StartManualBackupHandler {
  constructor(
    private readonly runs: BackupRunRepository,
    private readonly clock: Clock,
    @InjectTypedQueue(QueueNames.backups) private readonly queue: TypedQueue<typeof QueueNames.backups>,
    private readonly audit: BackupsAuditTrail,
  ) {}

  @Handles(BackupsSubjects.startManual)
  async execute({ actor }: { actor: Actor }): Promise<StartBackupResponse> {
    assertAdmin(actor);
    const id = randomUUID();
    const run = await this.runs.findOrCreate({ id, runKey: manualRunKey(id), createdAt: this.clock.now(), isFull: true, isAutomatic: false }, (m) =>
      // The file is named when the backup is written; the entry's target id finds it in the history.
      this.audit.record(m, { actor, action: 'backup.started', target: { type: 'backup', id, label: 'Manual backup' }, after: { kind: 'full' } }),
    );
    const data: ManualBackupJob = { backupId: id };
    try {
      await this.queue.add(BackupJobNames.manualFull, data, { jobId: `manual-${id}` });
    } catch (error) {
      await this.runs.markFailed(id, `Backup failed: the job queue is unavailable (${(error as Error).message})`, 0, this.clock.now());
      throw new ServiceError({ code: ErrorCode.ServiceUnavailable, message: 'The backup could not be queued. Please try again.' });
    }
    return { message: 'Backup started', backup: toRecord(run) };
  }
}
