import { expect, test } from '@playwright/test';
import { AccountSettingsPage } from './pages/account-settings.page';
import { SignInPage } from './pages/admin-console.page';
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

const smtpPeer = process.env.E2E_SMTP_PEER_URL;

test('a user changes their sign-in e-mail: the password is asked for, the new address confirms it, then signs in', async ({ page, request }) => {
  test.skip(!smtpPeer, 'E2E_SMTP_PEER_URL is needed (scripts/test.mjs passes it)');
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const account = { firstName: 'Mo', lastName: 'Ved', email: `e2e-move-${unique}@example.org`, password: 'Str0ng!Passw0rd' };
  const newEmail = `e2e-moved-${unique}@example.org`;

  const auth = new AuthPage(page);
  await auth.open('/auth');
  await auth.acceptAllCookies();
  await auth.signUp(account);
  await expect(auth.toast('Account created!')).toBeVisible();

  const settings = new AccountSettingsPage(page);
  await settings.goto();
  await settings.changeEmail(newEmail, account.password);
  await expect(settings.toast('Profile Updated')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText(`We have sent a confirmation link to ${newEmail}.`)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);

  // The link reached the new address (the old one got a notice); it opens the confirmation page.
  let link = '';
  await expect
    .poll(
      async () => {
        const messages = (await (await request.get(`${smtpPeer}/messages`)).json()) as { to: string[]; text: string }[];
        link = /https?:\/\/\S+\/confirm-email\?token=[\w-]+/.exec(messages.find((m) => m.to.includes(newEmail))?.text ?? '')?.[0] ?? '';
        return link !== '';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const url = new URL(link);
  await settings.open(`${url.pathname}${url.search}`);
  await page.getByRole('button', { name: 'Confirm Email Address' }).click();
  await expect(page.getByText('Your email address has been changed.')).toBeVisible();

  await settings.goto();
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);
  await settings.logout();
  await expect(settings.toast('Goodbye!')).toBeVisible();
  const signIn = new SignInPage(page);
  await signIn.open('/auth');
  await signIn.signIn(newEmail, account.password);
  await expect(signIn.toast('Welcome back!')).toBeVisible();
});
