import { EmailTemplateIds } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { answeringBus, fixedClock, recordingOutbox } from '@bleedkits/platform/testing';
import { emailRecords, projectedKit, projectionOf } from '../../../test/handler-doubles';
import { readVerificationEnv } from '../../config/env';
import type { EmailOutbox } from '../../providers/email-outbox/email-outbox.port';
import { AdminDigestHandler } from './admin-digest.handler';

describe(AdminDigestHandler.name, () => {
  // A Wednesday: the week is named by Monday 8 March.
  const clock = fixedClock('2027-03-10T12:00:00Z');
  const kits = [
    projectedKit(1, '2027-03-01'),
    projectedKit(2, '2027-04-20'),
    projectedKit(3, '2027-09-01', { deploymentStatus: 'deployed', deploymentChangedAt: '2027-02-20T10:00:00.000Z' }),
    projectedKit(4, '2027-09-01', { deploymentStatus: 'deployed', deploymentChangedAt: '2027-03-09T10:00:00.000Z' }),
  ];
  const setup = (digestTo = '') => {
    const env = readVerificationEnv({ PUBLIC_BASE_URL: 'https://register.example', VERIFICATION_DIGEST_TO: digestTo });
    const r = emailRecords();
    const o = recordingOutbox();
    const { bus, requests } = answeringBus({ [IdentitySubjects.adminEmails]: () => ({ emails: ['a@example.org', 'b@example.org'] }) });
    const handler = new AdminDigestHandler(projectionOf(kits), r.records, o.outbox as unknown as EmailOutbox, bus, clock, env);
    return { recorded: r.sent, runs: r.runs, sent: o.sent, requests, handler };
  };

  it("e-mails each admin identity knows the week's counts and lists, and keeps the run's result", async () => {
    const { handler, sent, recorded, runs, requests } = setup();
    const result = await handler.execute('digest:2027-03-10');
    expect(result).toEqual({
      recipients: ['a@example.org', 'b@example.org'],
      sent: 2,
      alreadySent: 0,
      overdueCount: 1,
      dueSoonCount: 1,
      longDeployedCount: 1,
    });
    expect(sent.map((m) => [m.to, m.idempotencyKey, m.templateId])).toEqual([
      ['a@example.org', 'verification_admin_digest:week-of:2027-03-08:to:a@example.org', EmailTemplateIds.verificationAdminDigest],
      ['b@example.org', 'verification_admin_digest:week-of:2027-03-08:to:b@example.org', EmailTemplateIds.verificationAdminDigest],
    ]);
    expect(sent[0].variables).toMatchObject({
      overdueKits: ['BCK-1 Hall 1, 1 High Street, Leeds LS1 1AA (9 days overdue)'],
      dueSoonKits: ['BCK-2 Hall 2, 2 High Street, Leeds LS1 1AA (due 20/04/2027)'],
      longDeployedKits: ['BCK-3 Hall 3, 3 High Street, Leeds LS1 1AA (deployed since 20/02/2027)'],
      adminUrl: 'https://register.example/admin/verification',
      date: '10/03/2027',
    });
    expect([...recorded.keys()]).toEqual(sent.map((m) => m.idempotencyKey));
    expect(runs.get('digest:2027-03-10')).toEqual({ kind: 'admin-digest', attempts: 1, result });
    expect(requests[0].timeoutMs).toBeGreaterThan(0);
  });

  it('sends one digest per admin per week, whichever day it runs again', async () => {
    const { handler, sent } = setup();
    await handler.execute('digest:2027-03-10');
    clock.set('2027-03-14T20:00:00Z');
    const again = await handler.execute('digest:2027-03-14');
    clock.set('2027-03-10T12:00:00Z');
    expect(again).toMatchObject({ sent: 0, alreadySent: 2 });
    expect(sent).toHaveLength(2);
  });

  it('sends to VERIFICATION_DIGEST_TO instead of the admins when it is set', async () => {
    const { handler, sent, requests } = setup(' ops@example.org , ');
    expect((await handler.execute('digest:x')).recipients).toEqual(['ops@example.org']);
    expect(sent.map((m) => m.to)).toEqual(['ops@example.org']);
    expect(requests).toEqual([]);
  });
});
