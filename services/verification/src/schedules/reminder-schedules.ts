import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueNames, type VerificationReminderJob } from '@bleedkits/contracts';
import { InjectTypedQueue, type TypedQueue, upsertSchedule } from '@bleedkits/platform';
import { VERIFICATION_ENV, type VerificationEnv } from '../config/env';

export const REMINDER_RUN_SCHEDULER = 'verification-reminder-run';
export const ADMIN_DIGEST_SCHEDULER = 'verification-admin-digest';

/**
 * The reminder run (VERIFICATION_REMINDER_CRON, daily 08:00) and the admins' digest (VERIFICATION_DIGEST_CRON,
 * Mondays 08:00), as BullMQ job schedulers in Europe/London: each replica upserts the same scheduler ids at start,
 * and a tick makes one job however many replicas run.
 */
@Injectable()
export class ReminderSchedules implements OnApplicationBootstrap {
  constructor(
    @InjectTypedQueue(QueueNames.verificationReminders) private readonly queue: TypedQueue<typeof QueueNames.verificationReminders>,
    @Inject(VERIFICATION_ENV) private readonly env: VerificationEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const run: VerificationReminderJob = { kind: 'reminder-run', requestedBy: 'schedule' };
    const digest: VerificationReminderJob = { kind: 'admin-digest', requestedBy: 'schedule' };
    await upsertSchedule(this.queue, REMINDER_RUN_SCHEDULER, this.env.VERIFICATION_REMINDER_CRON, { name: 'reminder-run', data: run });
    await upsertSchedule(this.queue, ADMIN_DIGEST_SCHEDULER, this.env.VERIFICATION_DIGEST_CRON, { name: 'admin-digest', data: digest });
  }
}
