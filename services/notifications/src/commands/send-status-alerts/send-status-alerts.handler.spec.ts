import { EmailTemplateIds, type MailStatusFacts, type StatusItemId } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { answeringBus } from '@bleedkits/platform/testing';
import { sender } from '../../../test/handler-doubles';
import { readNotificationsEnv } from '../../config/env';
import type { MailStatusRepository } from '../../database/mail-status.repository';
import type { StatusAlert, StatusAlertRepository } from '../../database/status-alert.repository';
import { SendStatusAlertsHandler } from './send-status-alerts.handler';

describe(SendStatusAlertsHandler.name, () => {
  const env = readNotificationsEnv({ PUBLIC_BASE_URL: 'https://register.example' });
  const now = new Date('2027-03-10T12:00:00Z');
  const healthyMail: MailStatusFacts = { failedRecently: 0, lastFailureAt: null, lastFailure: null, queued: 0, oldestQueuedAt: null };
  const failingMail: MailStatusFacts = { ...healthyMail, failedRecently: 2, lastFailure: 'SMTP refused', lastFailureAt: '2027-03-10T11:00:00Z' };

  /** Episodes as Postgres keeps them: one per red item from when it turned red until it recovers. */
  const setup = (admins: string[]) => {
    let mailFacts = failingMail;
    const episodes: (StatusAlert & { mailed: boolean })[] = [];
    const alerts = {
      async record(red: { item: StatusItemId; reason: string }[], at: Date) {
        for (let i = episodes.length - 1; i >= 0; i--) if (!red.some((r) => r.item === episodes[i].item)) episodes.splice(i, 1);
        for (const r of red) if (!episodes.some((e) => e.item === r.item)) episodes.push({ ...r, redSince: at, mailed: false });
      },
      unmailed: async () => episodes.filter((e) => !e.mailed),
      async markMailed(item: StatusItemId, redSince: Date) {
        for (const e of episodes) if (e.item === item && e.redSince.getTime() === redSince.getTime()) e.mailed = true;
      },
    };
    const mail = { facts: async () => mailFacts };
    // Only identity answers: backups, verification and kits stay silent (their items amber, never red).
    const { bus, requests } = answeringBus({ [IdentitySubjects.adminEmails]: () => ({ emails: admins }) });
    const s = sender();
    const handler = new SendStatusAlertsHandler(
      bus,
      mail as unknown as MailStatusRepository,
      alerts as unknown as StatusAlertRepository,
      s.send,
      env,
    );
    return { ...s, requests, episodes, handler, recover: () => void (mailFacts = healthyMail) };
  };

  it('e-mails every deliverable admin once about a red item, keyed by its episode', async () => {
    const { handler, sent, requests } = setup(['a@example.org', 'a@example.org', 'not an address', 'b@example.org']);
    expect(await handler.execute(now)).toEqual({ red: ['email'], mailed: 2 });
    expect(sent.map((m) => [m.to, m.templateId, m.idempotencyKey])).toEqual([
      ['a@example.org', EmailTemplateIds.systemStatusAlert, `status-alert:email:${now.getTime()}:a@example.org`],
      ['b@example.org', EmailTemplateIds.systemStatusAlert, `status-alert:email:${now.getTime()}:b@example.org`],
    ]);
    expect(sent[0].variables).toMatchObject({ item: 'E-mail', statusUrl: 'https://register.example/admin/status' });
    expect(String(sent[0].variables!.reason)).toContain('SMTP refused');
    expect(requests.every((r) => typeof r.timeoutMs === 'number' && r.timeoutMs > 0)).toBe(true);
  });

  it('does not mail again while the item stays red, and mails a new episode after it recovered', async () => {
    const { handler, sent, recover } = setup(['a@example.org']);
    await handler.execute(now);
    expect(await handler.execute(new Date(now.getTime() + 60_000))).toEqual({ red: ['email'], mailed: 0 });
    recover();
    expect(await handler.execute(new Date(now.getTime() + 120_000))).toEqual({ red: [], mailed: 0 });
    expect(sent).toHaveLength(1);
  });

  it('with no admin to e-mail, mails nobody and still keeps the episode', async () => {
    const { handler, sent, episodes } = setup([]);
    expect(await handler.execute(now)).toEqual({ red: ['email'], mailed: 0 });
    expect(sent).toEqual([]);
    expect(episodes.map((e) => e.item)).toEqual(['email']);
  });
});
