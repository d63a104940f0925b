import { expect, test } from '@playwright/test';
import { SignInPage } from './pages/admin-console.page';
import { EmailTemplatesPage } from './pages/email-templates.page';

const adminEmail = process.env.E2E_ADMIN_EMAIL;
const adminPassword = process.env.E2E_ADMIN_PASSWORD;
const smtpPeer = process.env.E2E_SMTP_PEER_URL;

type Received = { to: string[]; subject: string; text: string };

test('an admin edits a template subject, sends a test e-mail, and it reaches the SMTP server', async ({ page, request }) => {
  test.skip(
    !adminEmail || !adminPassword || !smtpPeer,
    'E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD and E2E_SMTP_PEER_URL are needed (scripts/test.mjs passes them)',
  );
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const subject = `Contact received ${unique}: {{subject}}`;
  const recipient = `e2e-template-${unique}@example.org`;

  const signIn = new SignInPage(page);
  await signIn.open('/auth');
  await signIn.acceptAllCookies();
  await signIn.signIn(adminEmail!, adminPassword!);
  await expect(signIn.toast('Welcome back!')).toBeVisible();

  const templates = new EmailTemplatesPage(page);
  await templates.goto();
  await templates.choose('Contact Form - User Confirmation');
  await templates.saveSubject(subject);
  await expect(templates.toast('Template Updated')).toBeVisible();
  await expect(templates.previewSubject()).toHaveText(`Contact received ${unique}: Kit at the library`);

  await templates.sendTestTo(recipient);
  await expect(templates.toast('Test Email Sent')).toBeVisible();

  // The notifications service delivered it over SMTP to the test peer, with the edited subject.
  await expect
    .poll(
      async () => {
        const messages = (await (await request.get(`${smtpPeer}/messages`)).json()) as Received[];
        return messages.find((m) => m.to.includes(recipient))?.subject ?? null;
      },
      { timeout: 30_000 },
    )
    .toBe(`Contact received ${unique}: Kit at the library`);

  // And the Admin Tools outbox lists it.
  await templates.open('/admin');
  await page.getByRole('tab', { name: 'Admin Tools' }).click();
  await expect(page.getByRole('table', { name: 'E-mail outbox' }).getByText(recipient)).toBeVisible();
});
