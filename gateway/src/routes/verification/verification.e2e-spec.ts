import { Client } from 'pg';
import { type Kit, addCalendarDays, kitDisplayStatus, DEPLOYMENT_STATUS_DISPLAY, londonToday } from '@bleedkits/contracts';
import { type TestSmtpPeer, startTestSmtpPeer } from '@bleedkits/notifications/testing';
import { HttpClient } from '../../../test/http-client';
import { ADMIN, type Stack, startStack } from '../../../test/stack-harness';
import { seedKitsSql } from '../finder/testing/seed-kits';
import { readUntil } from '@bleedkits/platform/testing';

const password = 'Str0ng!pass';
let serial = 0;
const kitBody = (custodianEmail: string) => ({
  serialNumber: `VRF-${++serial}`,
  make: 'mere',
  locationType: 'unlocked_cabinet',
  locationName: `Verification Hall ${serial}`,
  addressLine1: '1 Market Street',
  city: 'Altrincham',
  postcode: 'WA14 1PF',
  latitude: String(53.3875 + serial * 0.0005),
  longitude: '-2.3490',
  purchaseDate: '2025-01-01',
  expiryDate: '2028-01-01',
  custodianName: `Custodian ${serial}`,
  custodianPhone: '01619125920',
  custodianEmail,
});

const ADMIN_ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/verification-reports/all'],
  ['GET', '/api/admin/verification-reports/overdue'],
  ['GET', '/api/admin/verification-reports/upcoming'],
  ['POST', '/api/admin/verification-reports/test-email', { email: 'x@example.org' }],
  ['POST', '/api/admin/bulk-update-verification-dates', { dueDate: '2025-12-31' }],
  ['POST', '/api/admin/verification-reminders/run', {}],
  ['GET', '/api/admin/verification-reminders/runs'],
  ['GET', '/api/admin/verification-reminders/runs/00000000-0000-4000-8000-000000000000'],
  ['GET', '/api/admin/verification-reports/overdue/csv'],
];

describe('verification over HTTP (gateway, kits, geo-search, notifications with an SMTP peer, verification)', () => {
  let stack: Stack;
  let smtp: TestSmtpPeer;
  let admin: HttpClient;
  let owner: HttpClient;
  let other: HttpClient;
  const kits: Kit[] = [];

  const runFinished = (runId: string, ms = 60_000) =>
    readUntil(
      async () => (await admin.get(`/api/admin/verification-reminders/runs/${runId}`)).body,
      (run) => run?.status === 'done' || run?.status === 'failed',
      ms,
    );
  const register = async (custodianEmail: string) => {
    const res = await owner.post('/api/bleed-kits', kitBody(custodianEmail));
    expect(res.status).toBe(201);
    expect((await admin.get(`/api/kit-status?id=${res.body.id}&status=active`)).status).toBe(200);
    return res.body as Kit;
  };
  const publicListing = async (kit: Kit) => {
    const res = await new HttpClient(stack.baseUrl).get(
      `/api/bleed-kits/public?north=${kit.latitude + 0.001}&south=${kit.latitude - 0.001}&east=${kit.longitude + 0.001}&west=${kit.longitude - 0.001}&zoom=16`,
    );
    return (res.body as { id: number; deploymentStatus: string; verificationStatus: string }[]).find((k) => k.id === kit.id);
  };

  beforeAll(async () => {
    smtp = await startTestSmtpPeer();
    stack = await startStack({
      contexts: ['identity', 'kits', 'geo-search', 'notifications', 'verification'],
      serviceEnv: {
        notifications: { SMTP_URL: smtp.url, EMAIL_RETRY_BASE_DELAY_MS: '200', EMAIL_RETRY_MAX_DELAY_MS: '1000' },
        verification: { VERIFICATION_CATCHUP_INTERVAL_MS: '300', VERIFICATION_DIGEST_TO: 'digest@register.test' },
        'geo-search': { GEO_CATCHUP_INTERVAL_MS: '300', POSTCODES_IO_BASE_URL: 'off' },
        kits: { POSTCODES_IO_BASE_URL: 'off' },
      },
    });
    admin = new HttpClient(stack.baseUrl);
    owner = new HttpClient(stack.baseUrl);
    other = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    expect(
      (await owner.post('/api/auth/register', { email: 'owner@example.org', password, firstName: 'Olive', lastName: 'Owner' })).status,
    ).toBeLessThan(300);
    expect(
      (await other.post('/api/auth/register', { email: 'other@example.org', password, firstName: 'Otto', lastName: 'Other' })).status,
    ).toBeLessThan(300);
    for (const n of [1, 2, 3]) kits.push(await register(`custodian${n}@example.org`));
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    await smtp?.close();
  });

  it('answers every admin verification route 401 signed out and 403 to a user', async () => {
    const anonymous = new HttpClient(stack.baseUrl);
    for (const [method, path, body] of ADMIN_ROUTES) {
      expect([method, path, (await anonymous.request(method, path, body)).status]).toEqual([method, path, 401]);
      expect([method, path, (await other.request(method, path, body)).status]).toEqual([method, path, 403]);
    }
    expect(
      (await anonymous.post(`/api/bleed-kits/${kits[0].id}/verify`, { cabinetAccessible: true, kitPresent: true, sealIntact: true })).status,
    ).toBe(401);
  });

  it('verifies a kit: the owner and an admin may, anyone else is told it does not exist; bad answers are 400', async () => {
    const checklist = { cabinetAccessible: true, kitPresent: true, sealIntact: true, tourniquetExpiry: '2027-02-01' };
    const byOwner = await owner.post(`/api/bleed-kits/${kits[0].id}/verify`, checklist);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body).toMatchObject({ verificationStatus: 'verified', tourniquetExpiry: '2027-02-01' });
    expect(byOwner.body.verificationChecks[0]).toMatchObject({ checkedByEmail: 'owner@example.org', passed: true });
    expect((await admin.post(`/api/bleed-kits/${kits[0].id}/verify`, checklist)).status).toBe(200);
    expect((await other.post(`/api/bleed-kits/${kits[0].id}/verify`, checklist)).status).toBe(404);
    const bad = await owner.post(`/api/bleed-kits/${kits[0].id}/verify`, { cabinetAccessible: 'yes', kitPresent: true, sealIntact: true });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['Each checklist item must be answered yes or no']);
  });

  it("a failed item sets 'Needs Verification' on the public map", async () => {
    const res = await owner.post(`/api/bleed-kits/${kits[1].id}/verify`, {
      cabinetAccessible: false,
      kitPresent: true,
      sealIntact: true,
      notes: 'door jammed',
    });
    expect(res.status).toBe(200);
    expect(res.body.deploymentStatus).toBe('unchecked');
    const listing = await readUntil(
      () => publicListing(kits[1]),
      (l) => l?.deploymentStatus === 'unchecked',
      20_000,
    );
    expect(DEPLOYMENT_STATUS_DISPLAY[kitDisplayStatus(listing!)].label).toBe('Needs Verification');
  });

  it('bulk-updates the due dates through kits, and the reports match what the kits say', async () => {
    const due = addCalendarDays(londonToday(), -5);
    const res = await admin.post('/api/admin/bulk-update-verification-dates', { dueDate: due });
    expect(res.status).toBe(200);
    expect(res.body.updatedCount).toBe(3);
    expect((await admin.post('/api/admin/bulk-update-verification-dates', { dueDate: 'soon' })).status).toBe(400);

    const overdue = await readUntil(
      () => admin.get('/api/admin/verification-reports/overdue'),
      (r) => r.body?.kits?.length === 3,
      20_000,
    );
    expect(overdue.body.cutoffDate).toBe(londonToday());
    const ownerKits = (await owner.get('/api/bleed-kits/user')).body.kits as Kit[];
    for (const k of overdue.body.kits) {
      const mine = ownerKits.find((o) => o.id === k.id)!;
      expect(k).toMatchObject({
        nextVerificationDue: mine.nextVerificationDue,
        verificationStatus: mine.verificationStatus,
        isOverdue: true,
        daysOverdue: 5,
      });
    }
    const all = await admin.get('/api/admin/verification-reports/all');
    expect(all.body).toMatchObject({ overdueCount: 3, upcomingCount: 0, totalCount: 3 });
    expect(all.body.kits).toHaveLength(3);
    const upcoming = await admin.get('/api/admin/verification-reports/upcoming');
    expect(upcoming.body).toMatchObject({ startDate: londonToday(), kits: [] });

    // The owner verifies one: it leaves the overdue report.
    expect((await owner.post(`/api/bleed-kits/${kits[2].id}/verify`, { cabinetAccessible: true, kitPresent: true, sealIntact: true })).status).toBe(
      200,
    );
    await readUntil(
      () => admin.get('/api/admin/verification-reports/overdue'),
      (r) => r.body?.kits?.length === 2 && !r.body.kits.some((k: { id: number }) => k.id === kits[2].id),
      20_000,
    );
  });

  it('runs the reminders as a job: 202 with the run id, its status until done; a second run sends nothing twice', async () => {
    const first = await admin.post('/api/admin/verification-reminders/run', {});
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ runId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const done = await runFinished(first.body.runId);
    expect(done).toMatchObject({
      status: 'done',
      requestedBy: 'admin',
      custodians: 2,
      custodiansDone: 2,
      emailsQueued: 2,
      kitsConsidered: 2,
      error: null,
    });
    const second = await runFinished((await admin.post('/api/admin/verification-reminders/run', {})).body.runId);
    expect(second).toMatchObject({ status: 'done', custodians: 0, emailsQueued: 0, kitsConsidered: 0 });
    await smtp.waitFor((m) => m.envelopeTo.includes('custodian2@example.org'));
    await smtp.waitFor((m) => m.envelopeTo.includes('custodian1@example.org'));

    const history = await admin.get('/api/admin/verification-reminders/runs');
    expect(history.status).toBe(200);
    expect(history.body.data.map((r: { runId: string }) => r.runId).slice(0, 2)).toEqual([second.runId, first.body.runId]);
    expect(history.body.pagination).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect((await admin.get('/api/admin/verification-reminders/runs?page=abc')).status).toBe(400);
    expect((await admin.get('/api/admin/verification-reminders/runs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('previews the test e-mail, then sends it for real to the SMTP peer', async () => {
    const preview = await admin.post('/api/admin/verification-reports/test-email', { email: 'tester@register.test' });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      to: 'tester@register.test',
      subject: expect.any(String),
      contentPreview: expect.any(String),
      note: expect.any(String),
    });
    const missing = await admin.post('/api/admin/verification-reports/test-email', { email: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toContain('Email Required - Please enter an email address to send the test to.');
    const sent = await admin.post('/api/admin/verification-reports/test-email', { email: 'tester@register.test', sendReal: true });
    expect(sent.body).toMatchObject({ emailSent: true });
    const [mail] = await smtp.waitFor((m) => m.envelopeTo.includes('tester@register.test'));
    expect(mail.subject).toBe(preview.body.subject);
  });

  it("e-mails a deployed kit's custodian once to restock", async () => {
    const kit = kits[0];
    expect((await owner.post(`/api/bleed-kits/${kit.id}/deployment-status`, { status: 'deployed', notes: 'used on a cyclist' })).status).toBe(200);
    // The owner's notes stay on the dashboard (the e-mail is a relay: issue 29).
    const [mail] = await smtp.waitFor((m) => m.envelopeTo.includes('custodian1@example.org') && /may have been used/.test(m.subject));
    expect(mail.text).not.toContain('used on a cyclist');
    expect((await admin.post(`/api/bleed-kits/${kit.id}/deployment-status`, { status: 'deployed', notes: 'still out' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.filter((m) => m.envelopeTo.includes('custodian1@example.org') && m.subject === mail.subject)).toHaveLength(1);
  });

  it('at 20,000 due kits: the run answers 202 at once and ends done with counts that add up; reports are paged, honest about freshness, and downloadable whole', async () => {
    const seeded = Array.from({ length: 20_000 }, (_, i) => ({
      locationName: `Bulk ${i}`,
      addressLine1: `${i} Bulk Road`,
      city: 'Bulkton',
      postcode: 'WA14 1PF',
      latitude: 52 + (i % 200) * 0.01,
      longitude: -2 - Math.floor(i / 200) * 0.01,
      custodianName: 'Bulk Custodian',
      // 400 custodians of 50 kits each: one digest each.
      custodianEmail: `bulk${i % 400}@example.org`,
      custodianPhone: '0161 000 0000',
      cabinetCode: null,
    }));
    await seedKitsSql(stack.db.url, seeded);
    const res = await admin.post('/api/admin/bulk-update-verification-dates', { dueDate: addCalendarDays(londonToday(), -1) });
    expect(res.body.updatedCount).toBe(20_003);
    // Right after the bulk update the projection is still reading 20,000 changes: the report says so.
    const behind = await admin.get('/api/admin/verification-reports/overdue?limit=500');
    expect(behind.body.catchingUp).toBe(true);
    const current = await readUntil(
      () => admin.get('/api/admin/verification-reports/overdue?limit=500'),
      (r) => r.body?.catchingUp === false && r.body.total === 20_003,
      120_000,
    );
    expect(current.body.kits).toHaveLength(500);
    expect(current.text.length).toBeLessThan(1_000_000);
    expect(current.body).toMatchObject({ page: 1, limit: 500, cutoffDate: londonToday(), asOfRevision: expect.any(Number) });
    const last = await admin.get('/api/admin/verification-reports/overdue?limit=500&page=41');
    expect(last.body.kits).toHaveLength(3);
    const all = await admin.get('/api/admin/verification-reports/all');
    expect(all.body).toMatchObject({ overdueCount: 20_003, totalCount: 20_003, total: 20_003, limit: 50 });
    expect(all.body.kits).toHaveLength(50);
    expect(all.text.length).toBeLessThan(1_000_000);
    for (const bad of ['?limit=501', '?limit=0', '?page=0', '?page=x']) {
      expect([bad, (await admin.get(`/api/admin/verification-reports/overdue${bad}`)).status]).toEqual([bad, 400]);
    }

    // The whole report as CSV, streamed from bounded pages.
    const csv = await admin.get('/api/admin/verification-reports/overdue/csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.trim().split(/\r\n/);
    // (The client's text decoding drops the byte-order mark the file starts with.)
    expect(lines[0].replace(/^\uFEFF/, '')).toBe(
      'Serial Number,Location,Address,City,Postcode,Custodian,Custodian Email,Due Date,Days Overdue,Status',
    );
    expect(lines).toHaveLength(20_004);
    expect((await admin.get('/api/admin/verification-reports/everything/csv')).status).toBe(400);

    // The run: 202 within a second, then its status until done, with counts that add up.
    const started = Date.now();
    const accepted = await admin.post('/api/admin/verification-reminders/run', {});
    expect(Date.now() - started).toBeLessThan(1000);
    expect(accepted.status).toBe(202);
    const run = await runFinished(accepted.body.runId, 120_000);
    expect(run).toMatchObject({ status: 'done', custodians: 403, custodiansDone: 403, emailsQueued: 403, kitsConsidered: 20_003 });
    expect(run.emailsSent + run.emailsFailed).toBeLessThanOrEqual(run.emailsQueued);
    const db = new Client({ connectionString: stack.db.url });
    await db.connect();
    try {
      const { rows } = await db.query(
        `SELECT count(*)::int AS n, count(DISTINCT recipient)::int AS recipients FROM notifications.outbox WHERE batch = $1`,
        [`verification-run:${run.runId}`],
      );
      expect(rows[0]).toEqual({ n: 403, recipients: 403 });
    } finally {
      await db.end();
    }
  }, 240_000);
});
