import { Injectable } from '@nestjs/common';
import path from 'node:path';
import { Clock } from '@bleedkits/platform';
import { BackupRunRepository } from '../../database/backup-run.repository';
import { CloudStorage } from '../../providers/cloud-storage/cloud-storage';
import { BackupContext } from '../../backup-context';
import { DropboxConnectionRepository } from '../../database/dropbox-connection.repository';
import { DropboxAccess, DropboxNotConnectedError } from '../../dropbox-access';

/**
 * Uploads one backup to Dropbox. A failure marks the copy failed, is kept as the connection's last error, and
 * throws, so BullMQ retries with backoff; the local backup counts whatever happens here. Uploading again overwrites
 * the same path, so a retry never makes two. A connection Dropbox refused (broken) fails the copy without retrying:
 * it waits for an admin to connect again, which queues every copy still missing.
 */
@Injectable()
export class CopyToCloudHandler {
  constructor(
    private readonly runs: BackupRunRepository,
    private readonly cloud: CloudStorage,
    private readonly context: BackupContext,
    private readonly dropbox: DropboxAccess,
    private readonly connections: DropboxConnectionRepository,
    private readonly clock: Clock,
  ) {}

  async execute(backupId: string): Promise<'uploaded' | 'skipped'> {
    const run = await this.runs.findById(backupId);
    if (!run) return 'skipped';
    if (run.prunedAt) {
      // Pruned before its upload ran: nothing to copy, and nothing left to remember it by.
      if (run.cloudCopyStatus !== 'uploaded') await this.runs.forget(run.id);
      return 'skipped';
    }
    if (run.status !== 'success' || !run.fileName || run.cloudCopyStatus === 'uploaded') return 'skipped';
    if (!(await this.connections.current())) {
      await this.runs.setCloudStatus(run.id, 'local_only');
      return 'skipped';
    }
    const remotePath = this.context.remotePath(run.fileName);
    const localPath = path.join(this.context.env.BACKUP_DIR, run.fileName);
    await this.runs.setCloudStatus(run.id, 'pending');
    try {
      await this.dropbox.use((token) => this.cloud.upload(token, localPath, remotePath));
    } catch (error) {
      const message = `Cloud copy failed: ${(error as Error).message}`;
      await this.runs.setCloudStatus(run.id, 'failed', message);
      await this.connections.recordError(message, this.clock.now());
      if (error instanceof DropboxNotConnectedError) return 'skipped';
      throw error;
    }
    if (!(await this.runs.markUploaded(run.id, remotePath, this.clock.now()))) {
      // Pruned while it was uploading: the copy must not outlive its backup.
      await this.dropbox.use((token) => this.cloud.remove(token, remotePath));
      await this.runs.forget(run.id);
    }
    return 'uploaded';
  }
}
