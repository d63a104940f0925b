import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ReminderRunFacts } from '@bleedkits/contracts';

/** When reminder runs last started and finished, for the admin status page. */
@Injectable()
export class ReminderRunStatusRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async facts(): Promise<ReminderRunFacts> {
    const [row] = (await this.dataSource.query(
      `SELECT max(finished_at) AS "lastFinishedAt", max(started_at) AS "lastStartedAt" FROM verification.reminder_runs WHERE kind = 'reminder-run'`,
    )) as { lastFinishedAt: Date | null; lastStartedAt: Date | null }[];
    return { lastFinishedAt: row.lastFinishedAt?.toISOString() ?? null, lastStartedAt: row.lastStartedAt?.toISOString() ?? null };
  }
}
