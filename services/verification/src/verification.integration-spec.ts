import {
  ErrorCode,
  type Kit,
  type KitRegistration,
  VerificationMessages,
  type VerificationReportName,
  type VerificationTestEmailPreview,
  addCalendarDays,
  dueAfterCheck,
  londonToday,
} from '@bleedkits/contracts';
import { KitsSubjects, VerificationSubjects } from '@bleedkits/contracts/wire';
import { type TestSmtpPeer, startTestSmtpPeer } from '@bleedkits/notifications/testing';
import { rejection } from '@bleedkits/platform/testing';
import { type VerificationHarness, startVerification } from '../test/verification-harness';

const DIGEST_TO = 'digest-admin@register.test';

describe('verification over NATS with kits and notifications (real Postgres, Redis and an SMTP peer)', () => {
  let h: VerificationHarness;
  let smtp: TestSmtpPeer;
  const kits: Kit[] = [];
  const run = (digest = false) => h.runReminders({ digest });
  const mailsTo = (to: string, subjectPart?: string) =>
    smtp.received.filter((m) => m.envelopeTo.includes(to) && (!subjectPart || m.subject.includes(subjectPart)));
  const bulk = (dueDate: string) => h.bus.request(KitsSubjects.bulkUpdateVerificationDates, { actor: h.admin, dueDate });

  beforeAll(async () => {
    smtp = await startTestSmtpPeer();
    h = await startVerification({ smtpUrl: smtp.url, env: { VERIFICATION_DIGEST_TO: DIGEST_TO } });
    for (const serial of ['VER-A', 'VER-B', 'VER-C']) kits.push(await h.activeKit(serial));
  });
  afterAll(async () => {
    await h?.close();
    await smtp?.close();
  });

  it('follows the kits feed into its own projection: active kits only, with their due dates', async () => {
    const pending = await h.bus.request(KitsSubjects.register, {
      actor: h.owner,
      // A stored kit sent back as a registration (its nulls are read as blanks by the kits context).
      kit: { ...kits[0], serialNumber: 'VER-PENDING', latitude: '53.38', longitude: '-2.33', cabinetCode: undefined } as unknown as KitRegistration,
    });
    const all = await h.until(
      () => h.report('all'),
      (r) => r.header.totalCount === 3,
    );
    expect(all.header).toMatchObject({ overdueCount: 0, upcomingCount: 0, totalCount: 3, cutoffDate: londonToday() });
    expect(all.kits).toEqual([]); // registered today: due in six months
    expect(pending.status).toBe('pending');
  });

  it('bulk-update through kits changes the reports: all due in 10 days are upcoming, then overdue as the clock passes the day', async () => {
    const due = addCalendarDays(londonToday(), 10);
    expect((await bulk(due)).updatedCount).toBe(3);
    const upcoming = await h.until(
      () => h.report('upcoming'),
      (r) => r.kits.length === 3,
    );
    expect(upcoming.kits.map((k) => k.nextVerificationDue)).toEqual([due, due, due]);
    expect(upcoming.header).toMatchObject({ startDate: londonToday(), overdueCount: 0, upcomingCount: 3 });
    expect(upcoming.kits[0]).toMatchObject({
      serialNumber: 'VER-A',
      custodianEmail: 'custodian-ver-a@example.org',
      isOverdue: false,
      daysOverdue: 0,
    });
    expect((await h.report('overdue')).kits).toEqual([]);
  });

  it('two reminder runs send one e-mail per kit per cycle and kind', async () => {
    const first = await run();
    expect(first).toMatchObject({ status: 'done', requestedBy: 'admin', custodians: 3, custodiansDone: 3, emailsQueued: 3, kitsConsidered: 3 });
    const second = await run();
    expect(second).toMatchObject({ status: 'done', custodians: 0, emailsQueued: 0, kitsConsidered: 0 });
    await smtp.waitFor((m) => m.envelopeTo.includes('custodian-ver-c@example.org'));
    await new Promise((r) => setTimeout(r, 500));
    for (const k of kits) expect(mailsTo(k.custodianEmail)).toHaveLength(1);
    expect(mailsTo('custodian-ver-a@example.org')[0].subject).toContain('VER-A');

    // Eleven days on the kits are overdue: one overdue notice each, however often the run goes.
    h.clock.advanceDays(11);
    const overdue = await h.report('overdue');
    expect(overdue.kits.map((k) => [k.serialNumber, k.isOverdue, k.daysOverdue])).toEqual([
      ['VER-A', true, 1],
      ['VER-B', true, 1],
      ['VER-C', true, 1],
    ]);
    expect(await run()).toMatchObject({ status: 'done', emailsQueued: 3, kitsConsidered: 3 });
    expect(await run()).toMatchObject({ status: 'done', emailsQueued: 0, kitsConsidered: 0 });
    await smtp.waitFor((m) => m.envelopeTo.includes('custodian-ver-c@example.org'), { count: 2 });
    await new Promise((r) => setTimeout(r, 500));
    for (const k of kits) expect(mailsTo(k.custodianEmail)).toHaveLength(2);
  });

  it('a verified kit leaves the overdue set', async () => {
    h.clock.advanceDays(-11);
    await h.bus.request(KitsSubjects.bulkUpdateVerificationDates, { actor: h.admin, dueDate: addCalendarDays(londonToday(), -3) });
    await h.until(
      () => h.report('overdue'),
      (r) => r.kits.length === 3,
    );
    await h.bus.request(KitsSubjects.verify, {
      actor: h.owner,
      kitId: kits[1].id,
      checklist: { cabinetAccessible: true, kitPresent: true, sealIntact: true },
    });
    const overdue = await h.until(
      () => h.report('overdue'),
      (r) => r.kits.length === 2,
    );
    expect(overdue.kits.map((k) => k.serialNumber)).toEqual(['VER-A', 'VER-C']);
    const all = await h.report('all');
    expect(all.header).toMatchObject({ overdueCount: 2, totalCount: 3 });
    expect(all.kits.find((k) => k.id === kits[1].id)).toBeUndefined(); // next due six months on: neither overdue nor due soon
    expect((await h.report('upcoming')).kits).toEqual([]);
    expect(dueAfterCheck(new Date()) > londonToday()).toBe(true);
  });

  it('pages a report by kit id', async () => {
    const first = await h.bus.request(VerificationSubjects.reportPage, {
      report: 'overdue',
      afterId: 0,
      limit: 1,
    });
    expect(first.kits).toHaveLength(1);
    expect(first.nextAfterId).toBe(first.kits[0].id);
    const second = await h.bus.request(VerificationSubjects.reportPage, {
      report: 'overdue',
      afterId: first.nextAfterId!,
      limit: 1,
    });
    expect(second.kits[0].id).toBeGreaterThan(first.kits[0].id);
    expect(
      (await rejection(h.bus.request(VerificationSubjects.reportPage, { report: 'everything' as VerificationReportName, afterId: 0 }))).body.code,
    ).toBe(ErrorCode.ValidationFailed);
  });

  it('e-mails the custodian of a deployed kit once to restock it: no owner notes, the dashboard link and a stop link', async () => {
    const kit = kits[2];
    const notes = 'Used at a road accident, claim your refund at https://refund.example.net now';
    await h.bus.request(KitsSubjects.setDeploymentStatus, { actor: h.owner, kitId: kit.id, status: 'deployed', notes });
    const [mail] = await smtp.waitFor((m) => m.envelopeTo.includes(kit.custodianEmail) && /restock|deployed|used/i.test(m.subject));
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('road accident');
      expect(part).not.toContain('refund.example.net');
      expect(part).toContain('/dashboard');
      expect(part).toMatch(/\/stop-emails\?token=/);
    }
    expect(mail.text).toMatch(/reported as used/);
    const header = (name: string) => mail.parsed.headerLines.find((l) => l.key === name)?.line ?? '';
    expect(header('list-unsubscribe')).toMatch(/\/api\/custodian-mail\/stop\?token=/);
    expect(header('list-unsubscribe-post')).toMatch(/List-Unsubscribe=One-Click/);
    // Further writes of the kit while it stays deployed, and a repeat catch-up, send nothing more.
    await h.bus.request(KitsSubjects.setDeploymentStatus, { actor: h.owner, kitId: kit.id, status: 'deployed', notes: 'still out' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.filter((m) => m.envelopeTo.includes(kit.custodianEmail) && m.messageId === mail.messageId)).toHaveLength(1);
    expect(smtp.received.filter((m) => m.envelopeTo.includes(kit.custodianEmail) && m.subject === mail.subject)).toHaveLength(1);
  });

  it('sends the weekly admin digest once per week, with the counts and lists', async () => {
    await run(true);
    const [digest] = await smtp.waitFor((m) => m.envelopeTo.includes(DIGEST_TO));
    expect(digest.text).toContain('VER-A');
    await run(true);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo(DIGEST_TO)).toHaveLength(1);
  });

  it('previews the test e-mail, then sends it for real through the outbox to the SMTP peer', async () => {
    // Without sendReal the answer is the preview (the wire's answer type is either).
    const preview = (await h.bus.request(VerificationSubjects.testEmail, { email: 'tester@register.test' })) as VerificationTestEmailPreview;
    expect(preview).toMatchObject({ to: 'tester@register.test', subject: expect.stringContaining('BK-TEST-0001') });
    expect(preview.contentPreview).toContain('Sample Custodian');
    expect(preview.note).toMatch(/no e-mail has been sent/);
    expect(mailsTo('tester@register.test')).toHaveLength(0);

    const sent = await h.bus.request(VerificationSubjects.testEmail, {
      email: 'tester@register.test',
      sendReal: true,
    });
    expect(sent).toMatchObject({ emailSent: true, message: expect.stringContaining('tester@register.test') });
    const [mail] = await smtp.waitFor((m) => m.envelopeTo.includes('tester@register.test'));
    expect(mail.subject).toBe(preview.subject);

    const err = await rejection(h.bus.request(VerificationSubjects.testEmail, { email: '' }));
    expect(err.body.errors).toContain(VerificationMessages.emailRequired);
  });
  it('names the consumables that run out before the check in the custodian reminder', async () => {
    const kit = await h.activeKit('VER-CONS');
    await h.bus.request(KitsSubjects.verify, {
      actor: h.owner,
      kitId: kit.id,
      checklist: {
        cabinetAccessible: true,
        kitPresent: true,
        sealIntact: true,
        tourniquetExpiry: addCalendarDays(londonToday(), 5),
        dressingsExpiry: addCalendarDays(londonToday(), 400),
      },
    });
    await h.bus.request(KitsSubjects.bulkUpdateVerificationDates, { actor: h.admin, dueDate: addCalendarDays(londonToday(), 10) });
    await h.until(
      () => h.report('upcoming'),
      (r) => r.kits.some((k) => k.id === kit.id),
    );
    await run();
    const [mail] = await smtp.waitFor((m) => m.envelopeTo.includes(kit.custodianEmail));
    expect(mail.text).toMatch(/Replace before the check: Tourniquet \(expires \d\d\/\d\d\/\d{4}\)/);
    expect(mail.text).not.toContain('Haemostatic');
    expect(mail.html).toContain('Replace before the check:');
  });
});
