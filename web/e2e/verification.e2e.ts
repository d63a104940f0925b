import { expect, test } from '@playwright/test';
import { VerificationPage, VerifyKitChecklist } from './pages/verification.page';
import { ADMIN, registerKit, signIn, signUpNewUser } from './support/session';

/** A calendar day `days` from today (UTC is near enough for a due date a day or months away). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a custodian verifies an overdue kit from the dashboard and the admin sees it leave the Overdue tab', async ({ page }) => {
  test.skip(!ADMIN.email || !ADMIN.password, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are needed (scripts/test.mjs passes them)');
  test.setTimeout(120_000);
  const locationName = `E2E Verify Hall ${Date.now()}`;

  // A custodian registers a kit; the admin approves it and makes every active kit overdue by a day (the admin
  // tool's bulk due-date update), which the verification context reads from the kits feed.
  const account = await signUpNewUser(page.request, 'verify');
  const kitId = await registerKit(page.request, locationName);
  await page.request.post('/api/auth/user');
  await signIn(page.request, ADMIN.email!, ADMIN.password!);
  // A GET that changes data: the gateway wants a browser's Sec-Fetch-Site, which a bare API request does not send.
  expect((await page.request.get(`/api/kit-status?id=${kitId}&status=active`, { headers: { 'Sec-Fetch-Site': 'same-origin' } })).status()).toBe(200);
  const overdue = await page.request.post('/api/admin/bulk-update-verification-dates', { data: { dueDate: dayFromToday(-2) } });
  expect(overdue.status(), await overdue.text()).toBe(200);

  try {
    const verification = new VerificationPage(page);
    await verification.goto();
    await verification.acceptAllCookies();
    await verification.openTab(/^Overdue \(\d+\)$/);
    await expect(async () => {
      await verification.refresh();
      await expect(verification.overdueRows().filter({ hasText: locationName })).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    // The custodian opens the kit from the dashboard, and the detail dialog's Verify Kit opens the checklist.
    await page.request.post('/api/auth/user');
    await signIn(page.request, account.email, account.password);
    await verification.open('/dashboard');
    const checklist = new VerifyKitChecklist(page);
    await checklist.openFromDashboard(locationName);
    await checklist.answerAll('Yes');
    await checklist.record();
    await expect(verification.toast('Kit verified')).toBeVisible();

    // The admin sees it leave the Overdue tab.
    await page.request.post('/api/auth/user');
    await signIn(page.request, ADMIN.email!, ADMIN.password!);
    await verification.goto();
    await verification.openTab(/^Overdue \(\d+\)$/);
    await expect(async () => {
      await verification.refresh();
      await expect(verification.overdueRows().filter({ hasText: locationName })).toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
  } finally {
    // Put the other kits of the shared e2e register back to a due date six months on.
    await page.request.post('/api/auth/user');
    await signIn(page.request, ADMIN.email!, ADMIN.password!);
    await page.request.post('/api/admin/bulk-update-verification-dates', { data: { dueDate: dayFromToday(182) } });
  }
});

test('an admin starts a reminder run and watches it finish', async ({ page }) => {
  test.skip(!ADMIN.email || !ADMIN.password, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are needed (scripts/test.mjs passes them)');
  test.setTimeout(120_000);
  await signIn(page.request, ADMIN.email!, ADMIN.password!);
  const verification = new VerificationPage(page);
  await verification.goto();
  await verification.acceptAllCookies();

  await verification.startReminderRun();
  const current = verification.currentRun();
  await expect(current).toBeVisible();
  // Queued, then running, then done once every custodian owed a reminder has one e-mail in the outbox.
  await expect(current.getByText('Done')).toBeVisible({ timeout: 60_000 });
  await expect(current).toContainText(/(\d+) of \1 custodians e-mailed/);
  // The bar fills as the run's e-mails leave; then the history lists the run, newest first.
  await expect(current.getByRole('progressbar', { name: 'Reminder run progress' })).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(verification.runHistoryRows().nth(1)).toContainText('An admin');
  await expect(verification.runHistoryRows().nth(1)).toContainText('Done');
  await expect(page.getByRole('button', { name: 'Run Reminders Now' })).toBeEnabled();
});
