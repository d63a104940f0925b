import { expect, test } from '@playwright/test';
import { AccountSettingsPage } from './pages/account-settings.page';
import { AuthPage } from './pages/auth.page';

test('a visitor signs up, renames themselves, sees it persisted and logs out', async ({ page }) => {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const account = { firstName: 'Edith', lastName: 'Tester', email: `e2e-${unique}@example.org`, password: 'Str0ng!Passw0rd' };

  const auth = new AuthPage(page);
  await auth.open('/');
  await auth.acceptAllCookies();
  await auth.loginButton().click();
  await expect(page).toHaveURL(/\/auth$/);

  await auth.signUp(account);
  await expect(auth.toast('Account created!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(auth.dashboardLink()).toBeVisible();
  await expect(auth.logoutButton()).toBeVisible();

  const settings = new AccountSettingsPage(page);
  await settings.goto();
  await expect(settings.firstName).toHaveValue(account.firstName);
  await settings.changeFirstName(`Renamed ${unique.slice(-6)}`);
  await expect(settings.toast('Profile Updated')).toBeVisible();

  await page.reload();
  await settings.acknowledgeEmergencyNotice();
  await expect(settings.firstName).toHaveValue(`Renamed ${unique.slice(-6)}`);

  await settings.logout();
  await expect(settings.toast('Goodbye!')).toBeVisible();
  await expect(settings.loginButton()).toBeVisible();
});
