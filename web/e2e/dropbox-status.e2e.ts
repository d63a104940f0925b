import { expect, test } from '@playwright/test';
import { SignInPage } from './pages/admin-console.page';
import { BackupsPage } from './pages/backups.page';

const adminEmail = process.env.E2E_ADMIN_EMAIL;
const adminPassword = process.env.E2E_ADMIN_PASSWORD;

// scripts/test.mjs starts the stack with a local Dropbox peer (scripts/lib/dropbox-peer.mjs): its authorize page
// approves at once and sends the browser back to the register, as Dropbox does after an admin presses Allow.
test('an admin connects Dropbox, runs a backup and sees the cloud copy on the status page', async ({ page }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are needed (scripts/test.mjs passes them)');
  const signIn = new SignInPage(page);
  await signIn.open('/auth');
  await signIn.acceptAllCookies();
  await signIn.signIn(adminEmail!, adminPassword!);
  await expect(signIn.toast('Welcome back!')).toBeVisible();

  const backups = new BackupsPage(page);
  await backups.goto();
  const dropbox = page.getByRole('region', { name: 'Dropbox connection' });
  await dropbox.getByRole('button', { name: /^Connect Dropbox/ }).click();
  // To Dropbox's page and back through the register's callback.
  await page.waitForURL(/\/admin\/backups\?dropbox=connected$/);
  // A page load: the site's emergency notice comes first, as on any arrival.
  await backups.acknowledgeEmergencyNotice();
  await expect(dropbox.getByText('Dropbox connected. Backups will be copied there.')).toBeVisible();
  await expect(dropbox.getByText('Connected to Dropbox as Register Backups (backups@example.org)')).toBeVisible();

  const id = await backups.backupNow();
  await expect(backups.row(id)).toHaveAttribute('data-status', 'success', { timeout: 60_000 });

  // The copy goes up as a job after the backup: the status page shows it once it is in Dropbox.
  await backups.open('/admin/status');
  await expect(page.getByRole('heading', { name: 'System Status', level: 1 })).toBeVisible();
  const cloud = page.getByRole('listitem', { name: 'Cloud copies (Dropbox)' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(cloud).toContainText('Healthy', { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(cloud).toContainText(/The last copy reached Dropbox \d+ minutes? ago\./);
  await expect(page.getByRole('listitem', { name: 'Backups' })).toContainText('Healthy');
});
