import { Inject, Injectable, Logger } from '@nestjs/common';
import { VERIFICATION_DUE_WINDOW_DAYS, addCalendarDays, londonToday } from '@bleedkits/contracts';
import { Clock } from '@bleedkits/platform';
import { VERIFICATION_ENV, type VerificationEnv } from '../../config/env';
import { reminderEmailFor } from '../../domain/reminder-email';
import { ReminderRunRepository } from '../../database/reminder-run.repository';
import { EmailOutbox } from '../../providers/email-outbox/email-outbox.port';

/** Custodians read per query, and how often the run's counts are written while it goes. */
const CUSTODIAN_PAGE = 200;
const PROGRESS_EVERY = 25;

/** `runKey`: a scheduled tick's job (`job:<job id>`); an admin's run is keyed by its id. */
export type ReminderRunCommand = { runId: string; requestedBy: 'schedule' | 'admin'; lastAttempt: boolean; runKey?: string };
export type ReminderRunOutcome = { custodians: number; emails: number; kits: number; failed: number };

/** The outbox's batch name of a run's e-mails (the run's page reads their delivery by it). */
export const runBatch = (runId: string): string => `verification-run:${runId}`;

/**
 * One reminder run: every custodian owed a reminder (a kit due within 30 days or overdue, not yet reminded of in
 * its due cycle) gets one e-mail: the spec's single-kit e-mail, or a digest of all their kits (domain/reminder-email).
 * The e-mail and the kits it covers are recorded together, so a kit is reminded once per cycle whatever the runs,
 * and a run resumed after a crash finds the custodians it has done owed nothing; one handed to the outbox but not
 * yet recorded gets the same key again, and the outbox sends nothing twice. A custodian the outbox could not take
 * is left owed: the run tries every other one, then throws, so the job is retried for what is missing.
 */
@Injectable()
export class ReminderRunHandler {
  private readonly logger = new Logger('verification:ReminderRun');

  constructor(
    private readonly runs: ReminderRunRepository,
    private readonly outbox: EmailOutbox,
    private readonly clock: Clock,
    @Inject(VERIFICATION_ENV) private readonly env: VerificationEnv,
  ) {}

  async execute(cmd: ReminderRunCommand): Promise<ReminderRunOutcome> {
    try {
      return await this.run(cmd);
    } catch (e) {
      // The last attempt's failure is the run's: its page says so instead of showing it running for ever.
      if (cmd.lastAttempt) await this.runs.fail(cmd.runId, (e as Error).message);
      throw e;
    }
  }

  private async run(cmd: ReminderRunCommand): Promise<ReminderRunOutcome> {
    const { runId } = cmd;
    await this.runs.start(runId, cmd.requestedBy, cmd.runKey);
    const now = this.clock.now();
    const today = londonToday(now);
    const window = { today, dueUpTo: addCalendarDays(today, VERIFICATION_DUE_WINDOW_DAYS) };
    const done = await this.runs.custodiansDone(runId);
    await this.runs.progress(runId, { custodians: done + (await this.runs.owedCustodianCount(window)) });

    const outcome: ReminderRunOutcome = { custodians: 0, emails: 0, kits: 0, failed: 0 };
    let firstError: Error | null = null;
    for (let after = ''; ;) {
      const custodians = await this.runs.owedCustodians(window, after, CUSTODIAN_PAGE);
      for (const custodian of custodians) {
        outcome.custodians++;
        try {
          const kits = await this.runs.owedKits(window, custodian);
          if (!kits.length) continue; // reminded meanwhile (another replica's run)
          const email = reminderEmailFor(kits, { runId, now, publicBaseUrl: this.env.PUBLIC_BASE_URL });
          const sent = await this.outbox.send({
            idempotencyKey: email.idempotencyKey,
            templateId: email.templateId,
            to: email.to,
            variables: email.variables,
            custodianKitIds: email.custodianKitIds,
            batch: runBatch(runId),
          });
          await this.runs.recordReminded({
            runId,
            idempotencyKey: email.idempotencyKey,
            templateId: email.templateId,
            recipient: email.to,
            messageId: sent.messageId,
            kitId: email.kitId,
            kits: email.kits,
          });
          outcome.emails++;
          outcome.kits += email.kits.length;
        } catch (e) {
          outcome.failed++;
          firstError ??= e as Error;
        }
        if (outcome.custodians % PROGRESS_EVERY === 0) await this.runs.progress(runId, {});
      }
      if (custodians.length < CUSTODIAN_PAGE) break;
      after = custodians[custodians.length - 1];
    }
    this.logger.log({ msg: 'reminder run', runId, ...outcome });
    if (firstError) {
      await this.runs.progress(runId, {});
      throw new Error(`${outcome.failed} custodians' reminders were not handed to the outbox (first: ${firstError.message})`);
    }
    await this.runs.finish(runId, outcome);
    return outcome;
  }
}
