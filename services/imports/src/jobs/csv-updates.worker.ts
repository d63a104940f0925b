import { Logger } from '@nestjs/common';
import { OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { type Job, UnrecoverableError } from 'bullmq';
import { type CsvUpdatesJobPayload, ErrorCode, type Actor, QueueNames, displayKitId, importProgress } from '@bleedkits/contracts';
import { QueueWorker, RemoteCallError } from '@bleedkits/platform';
import { registrationFromRow } from '../domain/comparison';
import { CsvUpdateRepository, type PendingEntry } from '../database/csv-update.repository';
import { KitsClient } from '../kits/kits.client';
import { importsWorkerOptions } from '../config/env';
import { RegistrationRows } from './registration-rows';

/** Refusals that belong to one entry (its kit changed, vanished or would be invalid); anything else is retried. */
const ENTRY_REFUSALS: readonly string[] = [ErrorCode.Conflict, ErrorCode.ValidationFailed, ErrorCode.NotFound, ErrorCode.Forbidden];
const PAGE = 100;

/**
 * One batch of approved CSV comparison updates. Each entry is settled once (processing → completed or failed) in
 * order; a job taken over after a crash carries on with the entries still processing. Updates go through the
 * kits context's stale check (an old value that no longer holds fails that entry only, with the field and both
 * values); creates are registered like an import row (pending, owned by the admin). Both are keyed by entry, so a
 * retried entry whose first attempt did land is not applied twice.
 */
@Processor(QueueNames.csvUpdates, importsWorkerOptions())
export class CsvUpdatesWorker extends QueueWorker<CsvUpdatesJobPayload> {
  private readonly logger = new Logger('CsvUpdatesWorker');

  constructor(
    private readonly updates: CsvUpdateRepository,
    private readonly kits: KitsClient,
    private readonly rows: RegistrationRows,
  ) {
    super();
  }

  async handle(job: Job<CsvUpdatesJobPayload>): Promise<void> {
    const { jobId } = job.data;
    const record = await this.updates.find(jobId);
    if (!record || record.status === 'staging') throw new UnrecoverableError(`update job ${jobId} is not ready`);
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
      await job.updateProgress(importProgress(settled, record.total));
    }
    await this.updates.complete(jobId);
  }

  private async apply(jobId: string, actor: Actor, entry: PendingEntry): Promise<{ ok: true; kitId: number } | { ok: false; message: string }> {
    const key = `csv-update:${jobId}:${entry.id}`;
    const u = entry.update;
    if (u.action === 'create') {
      const [outcome] = await this.rows.register(`csv-update:${jobId}:`, actor, null, [
        { row: entry.id, kit: registrationFromRow(u.row), errors: [] },
      ]);
      return 'kitId' in outcome ? { ok: true, kitId: outcome.kitId } : { ok: false, message: outcome.errors.join(' ') };
    }
    try {
      const done = await this.kits.updateIfUnchanged({ actor, kitId: u.kitId, idempotencyKey: key, changes: u.changes });
      return { ok: true, kitId: done.kitId };
    } catch (e) {
      if (!(e instanceof RemoteCallError) || !ENTRY_REFUSALS.includes(e.body.code)) throw e;
      const message = e.body.code === ErrorCode.NotFound ? `Kit ${displayKitId(u.kitId)} was not found.` : e.body.message;
      return { ok: false, message };
    }
  }

  @OnWorkerEvent('failed')
  async onFailed(job: Job<CsvUpdatesJobPayload> | undefined, error: Error): Promise<void> {
    if (!job) return;
    const final = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    this.logger.warn({ msg: final ? 'update job failed' : 'update job attempt failed; it will resume', jobId: job.data.jobId, error: error.message });
    if (final) await this.updates.fail(job.data.jobId, error.message).catch(() => undefined);
  }
}
