import { Client } from 'pg';
import { addCalendarDays, londonToday } from '@bleedkits/contracts';
import { type ReceivedMail, type TestSmtpPeer, startTestSmtpPeer } from '@bleedkits/notifications/testing';
import { type VerificationHarness, startVerification } from '../../../test/verification-harness';

const COUNCIL = 'kits@council.example.gov.uk';
const COMPANY = 'safety@company.example.com';

/**
 * One e-mail per custodian per run, against the real neighbours: kits (its feed), notifications (the outbox and
 * its bulk lane, delivering to an SMTP peer on 127.0.0.1) and verification.
 */
describe('a reminder run e-mails each custodian once (real Postgres, Redis, NATS and an SMTP peer)', () => {
  let h: VerificationHarness;
  let smtp: TestSmtpPeer;
  let db: Client;
  const ours = (m: ReceivedMail) => m.envelopeTo.includes(COUNCIL) || m.envelopeTo.includes(COMPANY);

  beforeAll(async () => {
    smtp = await startTestSmtpPeer();
    h = await startVerification({ smtpUrl: smtp.url });
    db = new Client({ connectionString: h.db.url });
    await db.connect();
    // 300 kits held by a council and 3 by a company, all overdue, written as the kits context writes them.
    await db.query(
      `INSERT INTO kits.kits (revision, serial_number, make, location_type, location_name, address_line1, city, postcode, latitude, longitude,
         purchase_date, expiry_date, custodian_name, custodian_phone, custodian_email, status, next_verification_due)
       SELECT nextval('kits.revision_seq'), 'DIG-' || lpad(n::text, 3, '0'), 'mere', 'unlocked_cabinet', 'Hall ' || n, n || ' Digest Street', 'Leeds', 'LS1 1AA',
         53.8, -1.55, '2025-01-01', '2028-01-01', CASE WHEN n <= 300 THEN 'Council Safety Team' ELSE 'Company Safety' END, '01130000000',
         CASE WHEN n <= 300 THEN $2 ELSE $3 END, 'active', $1::date - (n % 7)
       FROM generate_series(1, 303) AS n`,
      [addCalendarDays(londonToday(), -3), COUNCIL, COMPANY],
    );
    await h.until(
      async () => (await db.query(`SELECT count(*)::int AS n FROM verification.kits WHERE active`)).rows[0].n as number,
      (n) => n === 303,
      30_000,
    );
  }, 60_000);
  afterAll(async () => {
    await db?.end();
    await h?.close();
    await smtp?.close();
  });

  it('sends exactly two e-mails: a digest of 300 kits listing 50 "and 250 more", and a digest of 3', async () => {
    const run = await h.runReminders();
    expect(run).toMatchObject({ status: 'done', requestedBy: 'admin', custodians: 2, custodiansDone: 2, emailsQueued: 2, kitsConsidered: 303 });
    expect(run.error).toBeNull();
    expect(Date.parse(run.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(run.startedAt!));

    const mails = await smtp.waitFor(ours, { count: 2 });
    const council = mails.find((m) => m.envelopeTo.includes(COUNCIL))!;
    const company = mails.find((m) => m.envelopeTo.includes(COMPANY))!;
    expect(council.subject).toBe('300 of your bleed kits are overdue for verification');
    expect(council.text).toContain('Dear Council Safety Team');
    expect(council.text.match(/check it: http:\/\/localhost:8080\/dashboard\?verify=\d+/g)).toHaveLength(50);
    expect(council.text).toContain('and 250 more: http://localhost:8080/dashboard?verification=due');
    expect(council.html).toContain('and 250 more');
    // Most overdue first: the kits due nine days ago lead the list.
    expect(council.text).toMatch(/- DIG-\d{3} – Hall \d+, \d+ Digest Street, Leeds LS1 1AA – due \d\d\/\d\d\/\d{4}, 9 days overdue – check it:/);
    expect(company.text.match(/check it:/g)).toHaveLength(3);
    expect(company.text).not.toContain('more:');
    for (const m of [council, company]) {
      const header = (name: string) => m.parsed.headerLines.find((l) => l.key === name)?.line ?? '';
      expect(header('auto-submitted')).toBe('Auto-Submitted: auto-generated');
      expect(header('precedence')).toBe('Precedence: bulk');
      expect(header('list-id')).toMatch(/^List-Id: /i);
      expect(header('list-id')).toContain('"UK Bleed Kit Register verification reminders" <verification-reminders.bleedkits.org.uk>');
    }

    // The run's page follows the delivery of its e-mails.
    const delivered = await h.until(
      () => h.bus.request('verification.qry.reminder-run.v1', { runId: run.runId }),
      (r) => r.emailsSent === 2,
    );
    expect(delivered).toMatchObject({ emailsQueued: 2, emailsSent: 2, emailsFailed: 0 });
  });

  it('a second run in the same cycle sends nothing', async () => {
    const again = await h.runReminders();
    expect(again).toMatchObject({ status: 'done', custodians: 0, custodiansDone: 0, emailsQueued: 0, kitsConsidered: 0 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.filter(ours)).toHaveLength(2);
  });
});
