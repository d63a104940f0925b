import { expect, test } from '@playwright/test';
import { SignInPage } from './pages/admin-console.page';
import { BackupsPage } from './pages/backups.page';
import { seriousViolations } from './support/a11y';

const adminEmail = process.env.E2E_ADMIN_EMAIL;
const adminPassword = process.env.E2E_ADMIN_PASSWORD;

test('an admin presses Backup Now and sees the new backup succeed, with a size, in the history', async ({ page }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are needed (scripts/test.mjs passes them)');
  const signIn = new SignInPage(page);
  await signIn.open('/auth');
  await signIn.acceptAllCookies();
  await signIn.signIn(adminEmail!, adminPassword!);
  await expect(signIn.toast('Welcome back!')).toBeVisible();

  const backups = new BackupsPage(page);
  await backups.goto();
  await expect(backups.securityStatus().getByText('Enabled (AES-256-GCM)')).toBeVisible();

  const id = await backups.backupNow();
  await expect(backups.toast('Backup initiated')).toBeVisible();
  await expect(backups.toast('Database backup process has been started successfully.')).toBeVisible();

  // The backups service dumps the e2e database (pg_dump through AES-256-GCM); the page polls until it ends.
  const row = backups.row(id);
  await expect(row).toHaveAttribute('data-status', 'success', { timeout: 60_000 });
  await expect(row.getByRole('cell', { name: 'Success', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Full', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Manual', exact: true })).toBeVisible();
  await expect(row.getByTestId('backup-size')).toHaveText(/^\d+(\.\d)? (B|KB|MB|GB)$/);
  await expect(row).toContainText(/bleedkits-.*-full-.*\.bkb/);
  // And the stats were read again after it finished.
  await expect(backups.securityStatus().getByText('Never')).toHaveCount(0);

  // No serious or critical WCAG 2.2 A/AA problem on the page as it stands, history and all.
  expect(await seriousViolations(page, 'admin /admin/backups with its history')).toEqual([]);

  // The same page on a 375 px phone: nothing wider than the screen, the button and the new row reachable.
  await page.setViewportSize({ width: 375, height: 800 });
  await backups.goto();
  await expect(backups.row(id)).toHaveAttribute('data-status', 'success');
  await expect(backups.backupNowButton()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
