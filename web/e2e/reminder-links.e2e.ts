import { expect, type APIRequestContext, test } from '@playwright/test';
import { SignInPage } from './pages/admin-console.page';
import { DashboardPage } from './pages/dashboard.page';
import { VerifyKitChecklist } from './pages/verification.page';
import { ADMIN, registerKit, signIn, signUpNewUser } from './support/session';

const smtpPeer = process.env.E2E_SMTP_PEER_URL;

/** A calendar day `days` from today (UTC is near enough for a due date a day or months away). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Received = { to: string[]; subject: string; text: string };

/** Starts a reminder run as the signed-in admin and waits for it to finish. */
async function runReminders(request: APIRequestContext): Promise<void> {
  let runId = '';
  // Another spec's run may be under way: a run is refused meanwhile, so ask again until one is accepted.
  await expect
    .poll(
      async () => {
        const res = await request.post('/api/admin/verification-reminders/run');
        if (res.status() === 202) runId = ((await res.json()) as { runId: string }).runId;
        return res.status();
      },
      { timeout: 30_000 },
    )
    .toBe(202);
  await expect
    .poll(async () => ((await (await request.get(`/api/admin/verification-reminders/runs/${runId}`)).json()) as { status: string }).status, {
      timeout: 60_000,
    })
    .toBe('done');
}

test('a custodian follows a reminder digest’s link, signs in, and verifies the kit from the dialog it opens', async ({ page }) => {
  test.skip(
    !ADMIN.email || !ADMIN.password || !smtpPeer,
    'E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD and E2E_SMTP_PEER_URL are needed (scripts/test.mjs passes them)',
  );
  test.setTimeout(180_000);
  const unique = Date.now().toString(36);
  const hall = { locationName: `E2E Digest Hall ${unique}`, serialNumber: `DH-${unique}`.slice(0, 20) };
  const depot = { locationName: `E2E Digest Depot ${unique}`, serialNumber: `DD-${unique}`.slice(0, 20) };

  // A custodian with two kits (so one digest, not two e-mails); the admin approves them and makes every active
  // kit overdue by two days (the admin tool's bulk due-date update).
  const account = await signUpNewUser(page.request, 'digest');
  const hallId = await registerKit(page.request, hall.locationName, { serialNumber: hall.serialNumber, custodianEmail: account.email });
  const depotId = await registerKit(page.request, depot.locationName, { serialNumber: depot.serialNumber, custodianEmail: account.email });
  // POST /api/auth/user is the spec's logout; a sign-in needs no session open.
  await page.request.post('/api/auth/user');
  await signIn(page.request, ADMIN.email!, ADMIN.password!);
  // The spec's approve call is a GET that changes data: the gateway wants to see it comes from the site (a browser's
  // Sec-Fetch-Site), which a bare API request does not send.
  for (const id of [hallId, depotId]) {
    const approved = await page.request.get(`/api/kit-status?id=${id}&status=active`, { headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(approved.status(), await approved.text()).toBe(200);
  }
  const overdue = await page.request.post('/api/admin/bulk-update-verification-dates', { data: { dueDate: dayFromToday(-2) } });
  expect(overdue.status(), await overdue.text()).toBe(200);

  try {
    // A run sends the custodian one digest once the verification context has read the new due dates from the kits
    // feed; until then a run leaves them out (and a later run in the same cycle still owes them their digest).
    const digestsTo = async () =>
      ((await (await page.request.get(`${smtpPeer}/messages`)).json()) as Received[]).filter((m) => m.to.includes(account.email));
    await expect(async () => {
      await runReminders(page.request);
      await expect.poll(async () => (await digestsTo()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    }).toPass({ timeout: 120_000 });
    const received = await digestsTo();
    expect(received).toHaveLength(1);
    const digest = received[0];
    expect(digest.subject).toBe('2 of your bleed kits are overdue for verification');
    const hallLine = digest.text.split('\n').find((line) => line.includes(hall.serialNumber)) ?? '';
    const link = /check it: (\S+)/.exec(hallLine)?.[1] ?? '';
    expect(new URL(link).search).toBe(`?verify=${hallId}`);

    // Signed out, the link leads through the sign-in page and back to the same address, where the kit's check opens.
    await page.request.post('/api/auth/user');
    await page.context().clearCookies();
    const site = new SignInPage(page);
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page).toHaveURL(new RegExp(`/auth\\?returnTo=${encodeURIComponent(`/dashboard?verify=${hallId}`)}$`));
    await site.acknowledgeEmergencyNotice();
    await site.acceptAllCookies();
    await site.signIn(account.email, account.password);
    await expect(page).toHaveURL(new RegExp(`/dashboard\\?verify=${hallId}$`));

    const checklist = new VerifyKitChecklist(page);
    await expect(checklist.dialog).toBeVisible();
    await expect(checklist.dialog).toContainText(`${hall.locationName} (${hall.serialNumber})`);
    await checklist.answerAll('Yes');
    await checklist.record();
    await expect(site.toast('Kit verified')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    // An overdue digest's "due kits" address lists the kit still owed a check, and no longer the verified one.
    const dashboard = new DashboardPage(page);
    await dashboard.open('/dashboard?verification=due');
    await expect(page.getByRole('combobox', { name: 'Verification', exact: true })).toHaveValue('due');
    await expect(dashboard.kitRow(depot.locationName)).toHaveCount(1);
    await expect(dashboard.kitRow(hall.locationName)).toHaveCount(0);
  } finally {
    // Put the kits of the shared e2e register back to a due date six months on.
    await page.request.post('/api/auth/user');
    await page.context().clearCookies();
    await signIn(page.request, ADMIN.email!, ADMIN.password!);
    await page.request.post('/api/admin/bulk-update-verification-dates', { data: { dueDate: dayFromToday(182) } });
  }
});
