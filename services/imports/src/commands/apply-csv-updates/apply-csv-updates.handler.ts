import { Injectable } from '@nestjs/common';
import { ErrorCode, type Actor, displayKitId, importProgress } from '@bleedkits/contracts';
import { RemoteCallError } from '@bleedkits/platform';
import { registrationFromRow } from '../../domain/comparison';
import { JobCannotRun } from '../../domain/job-cannot-run';
import { CsvUpdateRepository, type PendingEntry } from '../../database/csv-update.repository';
import { KitsClient } from '../../kits/kits.client';
import { RegistrationRows } from '../../kits/registration-rows';

/** Refusals that belong to one entry (its kit changed, vanished or would be invalid); anything else is retried. */
const ENTRY_REFUSALS: readonly string[] = [ErrorCode.Conflict, ErrorCode.ValidationFailed, ErrorCode.NotFound, ErrorCode.Forbidden];
const PAGE = 100;

type EntryOutcome = { ok: true; kitId: number } | { ok: false; message: string };

/**
 * One batch of approved CSV comparison updates (the csv-updates queue's job). Each entry is settled once
 * (processing → completed or failed) in order; a job taken over after a crash carries on with the entries still
 * processing. Updates go through the kits context's stale check (an old value that no longer holds fails that
 * entry only, with the field and both values); creates are registered like an import row (pending, owned by the
 * admin). Both are keyed by entry, so a retried entry whose first attempt did land is not applied twice.
 */
@Injectable()
export class ApplyCsvUpdatesHandler {
  constructor(
    private readonly updates: CsvUpdateRepository,
    private readonly kits: KitsClient,
    private readonly rows: RegistrationRows,
  ) {}

  async execute(jobId: string, reportProgress: (percent: number) => Promise<void>): Promise<void> {
    const record = await this.updates.find(jobId);
    if (!record || record.status === 'staging') throw new JobCannotRun(`update job ${jobId} is not ready`);
    if (record.status === 'completed') return;
    await this.updates.markProcessing(jobId);
    const actor: Actor = { id: record.requestedBy, role: 'admin', email: record.requestedByEmail };
    let settled = record.successful + record.failed;
    let after = -1;
    for (;;) {
      const entries = await this.updates.pending(jobId, after, PAGE);
      if (!entries.length) break;
      for (const entry of entries) {
        await this.updates.settle(jobId, entry.id, await this.apply(jobId, actor, entry));
        after = entry.position;
        settled++;
      }
      await reportProgress(importProgress(settled, record.total));
    }
    await this.updates.complete(jobId);
  }

  /** The job's last attempt failed: the job says why (a completed job stays completed). */
  async failed(jobId: string, message: string): Promise<void> {
    await this.updates.fail(jobId, message);
  }

  private async apply(jobId: string, actor: Actor, entry: PendingEntry): Promise<EntryOutcome> {
    const u = entry.update;
    if (u.action === 'create') {
      const [outcome] = await this.rows.register(`csv-update:${jobId}:`, actor, null, [
        { row: entry.id, kit: registrationFromRow(u.row), errors: [] },
      ]);
      return 'kitId' in outcome ? { ok: true, kitId: outcome.kitId } : { ok: false, message: outcome.errors.join(' ') };
    }
    try {
      const done = await this.kits.updateIfUnchanged({
        actor,
        kitId: u.kitId,
        idempotencyKey: `csv-update:${jobId}:${entry.id}`,
        changes: u.changes,
      });
      return { ok: true, kitId: done.kitId };
    } catch (e) {
      if (!(e instanceof RemoteCallError) || !ENTRY_REFUSALS.includes(e.body.code)) throw e;
      const message = e.body.code === ErrorCode.NotFound ? `Kit ${displayKitId(u.kitId)} was not found.` : e.body.message;
      return { ok: false, message };
    }
  }
}
