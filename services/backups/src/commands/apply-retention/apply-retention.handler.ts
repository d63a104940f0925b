import { Injectable, Logger } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_RETENTION, SCHEDULE_TIME_ZONE } from '@bleedkits/contracts';
import { Clock } from '@bleedkits/platform';
import { planRetention } from '../../domain/retention';
import { BackupRunRepository } from '../../database/backup-run.repository';
import { CloudStorage } from '../../providers/cloud-storage/cloud-storage';
import { BackupContext } from '../../backup-context';
import { DropboxAccess } from '../../dropbox-access';

/**
 * Applies retention after each successful backup: prunes what the plan drops, deleting the local file and the
 * cloud copy. A cloud delete that fails is retried on the next run (the row stays, marked pruned, until it works);
 * an upload that finishes after its backup was pruned deletes its own copy (CopyToCloudHandler).
 */
@Injectable()
export class ApplyRetentionHandler {
  private readonly logger = new Logger(ApplyRetentionHandler.name);

  constructor(
    private readonly runs: BackupRunRepository,
    private readonly cloud: CloudStorage,
    private readonly context: BackupContext,
    private readonly clock: Clock,
    private readonly dropbox: DropboxAccess,
  ) {}

  async execute(): Promise<{ pruned: string[] }> {
    const retained = await this.runs.retained();
    const plan = planRetention(
      retained.map((r) => ({ id: r.id, createdAt: new Date(r.createdAt), isFull: r.isFullBackup, parentBackupId: r.parentBackupId })),
      { ...BACKUP_RETENTION, timeZone: SCHEDULE_TIME_ZONE },
    );
    const connected = await this.dropbox.usable();
    const now = this.clock.now();
    const pruned: string[] = [];
    for (const id of plan.prune) {
      const run = await this.runs.prune(id, now);
      if (!run) continue;
      pruned.push(run.fileName ?? run.id);
      if (run.fileName) await rm(path.join(this.context.env.BACKUP_DIR, run.fileName), { force: true });
    }
    for (const run of await this.runs.prunedInCloud()) {
      if (!connected || !run.cloudPath) continue;
      const cloudPath = run.cloudPath;
      try {
        await this.dropbox.use((token) => this.cloud.remove(token, cloudPath));
        await this.runs.forget(run.id);
      } catch (error) {
        this.logger.warn(`could not delete the cloud copy ${run.cloudPath}: ${(error as Error).message}; retried after the next backup`);
      }
    }
    await this.runs.forgetPruned();
    const oldestKept = retained
      .filter((r) => plan.keep.has(r.id))
      .reduce<Date | null>((min, r) => (!min || new Date(r.createdAt) < min ? new Date(r.createdAt) : min), null);
    if (oldestKept) await this.runs.forgetFailedBefore(oldestKept);
    return { pruned };
  }
}
