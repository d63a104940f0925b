import { expect, test } from '@playwright/test';
import { SignInPage } from './pages/admin-console.page';
import { ADMIN } from './support/session';

test('login redirect: a signed-out visitor to an admin page signs in through /api/login and comes back to it', async ({ page }) => {
  test.skip(!ADMIN.email || !ADMIN.password, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are needed (scripts/test.mjs passes them)');
  const site = new SignInPage(page);
  await page.goto('/admin/backups');
  // The admin page sent the browser to the gateway's /api/login, which redirected to the sign-in page.
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Fadmin%2Fbackups$/);
  await site.acknowledgeEmergencyNotice();
  await site.acceptAllCookies();
  await site.signIn(ADMIN.email!, ADMIN.password!);
  await expect(site.toast('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/backups$/);
  await expect(page.getByRole('heading', { name: 'Database Backup Management' })).toBeVisible();
});

test('login redirect: /api/login refuses a returnTo that leaves the site', async ({ request }) => {
  const res = await request.get('/api/login?returnTo=%2F%2Fevil.example', { maxRedirects: 0 });
  expect(res.status()).toBe(400);
});

test('login redirect: a failed Google sign-in is explained on the sign-in card', async ({ page }) => {
  await new SignInPage(page).open('/auth?error=google');
  await expect(page.getByRole('alert')).toHaveText('Google sign-in did not complete. Please try again, or sign in with your email and password.');
});
