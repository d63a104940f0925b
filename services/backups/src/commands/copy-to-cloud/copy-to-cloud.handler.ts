import { Injectable } from '@nestjs/common';
import path from 'node:path';
import { BackupRunRepository } from '../../database/backup-run.repository';
import { CloudStorage } from '../../providers/cloud-storage/cloud-storage';
import { BackupContext } from '../../backup-context';

/**
 * Uploads one backup to Dropbox. A failure marks the copy failed and throws, so BullMQ retries with backoff; the
 * local backup counts whatever happens here. Uploading again overwrites the same path, so a retry never makes two.
 */
@Injectable()
export class CopyToCloudHandler {
  constructor(
    private readonly runs: BackupRunRepository,
    private readonly cloud: CloudStorage,
    private readonly context: BackupContext,
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
    const token = await this.context.dropboxToken();
    if (!token) {
      await this.runs.setCloudStatus(run.id, 'local_only');
      return 'skipped';
    }
    const remotePath = this.context.remotePath(run.fileName);
    await this.runs.setCloudStatus(run.id, 'pending');
    try {
      await this.cloud.upload(token, path.join(this.context.env.BACKUP_DIR, run.fileName), remotePath);
    } catch (error) {
      await this.runs.setCloudStatus(run.id, 'failed', `Cloud copy failed: ${(error as Error).message}`);
      throw error;
    }
    if (!(await this.runs.markUploaded(run.id, remotePath))) {
      // Pruned while it was uploading: the copy must not outlive its backup.
      await this.cloud.remove(token, remotePath);
      await this.runs.forget(run.id);
    }
    return 'uploaded';
  }
}
