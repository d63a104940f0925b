import { type Kit, type Actor, type VerificationReportName, type VerificationReminderRun, type VerificationReportPage } from '@bleedkits/contracts';
import { KitsSubjects, VerificationSubjects } from '@bleedkits/contracts/wire';
import { type TestBed, type TestClock, createTestBed, runningClock, exampleRegistration } from '@bleedkits/platform/testing';
import { KitsModule, readKitsEnv } from '@bleedkits/kits';
import { NotificationsModule, readNotificationsEnv } from '@bleedkits/notifications';
import { randomUUID } from 'node:crypto';
import { readVerificationEnv } from '../src/config/env';
import { VerificationModule } from '../src/verification.module';

export type VerificationHarness = TestBed & {
  clock: TestClock;
  admin: Actor;
  owner: Actor;
  /** Registers and approves a kit. */
  activeKit(serialNumber: string, custodianEmail?: string): Promise<Kit>;
  report(report: VerificationReportName): Promise<VerificationReportPage>;
  /** Asks for a reminder run (as the admin's button does) and waits until it has finished. */
  runReminders(options?: { digest?: boolean; ms?: number }): Promise<VerificationReminderRun>;
  /** Polls until the check passes (the projection follows the feed asynchronously). */
  until<T>(read: () => Promise<T>, check: (v: T) => boolean, ms?: number): Promise<T>;
};

export function actor(role: 'admin' | 'user'): Actor {
  const id = randomUUID();
  return { id, role, email: `${role}-${id.slice(0, 8)}@example.org` };
}

/**
 * The real neighbours of verification on one test bed: kits (the feed it follows), notifications (the outbox, with
 * SMTP_URL pointing at a real SMTP peer when given) and verification with a movable clock.
 */
export async function startVerification(options: { smtpUrl?: string; env?: Record<string, string> } = {}): Promise<VerificationHarness> {
  const bed = await createTestBed('verification-test');
  // Moved across due days by the specs.
  const clock = runningClock();
  await bed.start('kits', KitsModule.forRoot(readKitsEnv({ ...bed.env, POSTCODES_IO_BASE_URL: 'off' })));
  if (options.smtpUrl) {
    await bed.start(
      'notifications',
      NotificationsModule.forRoot(
        readNotificationsEnv({ ...bed.env, SMTP_URL: options.smtpUrl, EMAIL_RETRY_BASE_DELAY_MS: '200', EMAIL_RETRY_MAX_DELAY_MS: '1000' }),
      ),
    );
  }
  await bed.start(
    'verification',
    VerificationModule.forRoot(readVerificationEnv({ ...bed.env, VERIFICATION_CATCHUP_INTERVAL_MS: '500', ...options.env }), { clock }),
  );
  const until: VerificationHarness['until'] = async (read, check, ms = 10_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (check(v)) return v;
      if (Date.now() > deadline) throw new Error(`condition not met in ${ms} ms: ${JSON.stringify(v).slice(0, 500)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const admin = actor('admin');
  const owner = actor('user');
  return {
    ...bed,
    clock,
    admin,
    owner,
    async activeKit(serialNumber, custodianEmail = `custodian-${serialNumber.toLowerCase()}@example.org`) {
      const kit = await bed.bus.request(KitsSubjects.register, {
        actor: owner,
        kit: exampleRegistration({
          serialNumber,
          locationName: `Hall ${serialNumber}`,
          postcode: 'WA15 8FH',
          custodianName: `Custodian ${serialNumber}`,
          custodianEmail,
        }),
      });
      return bed.bus.request(KitsSubjects.approve, { actor: admin, kitId: kit.id });
    },
    report(report) {
      return bed.bus.request(VerificationSubjects.reportPage, { report, afterId: 0 });
    },
    async runReminders({ digest = false, ms = 30_000 } = {}) {
      const { runId } = await bed.bus.request(VerificationSubjects.runReminders, { digest });
      return until(
        () => bed.bus.request(VerificationSubjects.reminderRun, { runId }),
        (run) => run.status === 'done' || run.status === 'failed',
        ms,
      );
    },
    until,
  };
}
