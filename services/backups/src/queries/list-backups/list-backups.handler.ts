import { Injectable } from '@nestjs/common';
import { BACKUP_PAGE_SIZE, BACKUP_PAGE_SIZE_MAX, type BackupListRequest, type BackupPage } from '@bleedkits/contracts';
import { BackupsSubjects } from '@bleedkits/contracts/wire';
import { BackupRunRepository, toRecord } from '../../database/backup-run.repository';
import { Handles } from '@bleedkits/platform';

const whole = (value: unknown, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/** The backup history, newest first, a page at a time (spec: 10 a page). */
@Injectable()
export class ListBackupsHandler {
  constructor(private readonly runs: BackupRunRepository) {}

  @Handles(BackupsSubjects.list)
  async execute(request: Partial<BackupListRequest>): Promise<BackupPage> {
    const pageSize = whole(request?.limit, BACKUP_PAGE_SIZE, BACKUP_PAGE_SIZE_MAX);
    const page = whole(request?.page, 1, 1_000_000);
    const { runs, total } = await this.runs.page(page, pageSize);
    return { data: runs.map(toRecord), pagination: { total, page, pageSize, pageCount: Math.ceil(total / pageSize) } };
  }
}
