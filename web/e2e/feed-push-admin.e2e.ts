import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FEED_PUSH_EVENT_TEST, FeedPushHeaders, FeedPushMessages } from '@bleedkits/contracts';
import { type FeedReceiver, createFeedReceiver } from '../../examples/feed-receiver/receiver';
import { AdminConsolePage, SignInPage } from './pages/admin-console.page';
import { horizontalOverflow, seriousViolations } from './support/a11y';

const adminEmail = process.env.E2E_ADMIN_EMAIL;
const adminPassword = process.env.E2E_ADMIN_PASSWORD;

type Captured = { headers: IncomingHttpHeaders; body: string };

/**
 * Standard Webhooks, checked here on its own rather than by the example receiver alone: `webhook-signature` holds
 * `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` under the key the `whsec_` secret encodes.
 */
function signedWith(secret: string, { headers, body }: Captured): boolean {
  const id = String(headers[FeedPushHeaders.id]);
  const timestamp = String(headers[FeedPushHeaders.timestamp]);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers[FeedPushHeaders.signature])
    .split(' ')
    .some((part) => {
      const [version, value] = part.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

// Issue 30, acceptance 4: a webhook receiver on 127.0.0.1 (the repo's example, examples/feed-receiver), started here;
// the stack (NODE_ENV test) allows an http://127.0.0.1 webhook. The kits service's sweep (every 2 s, on BullMQ)
// sends the test event; the open dialog asks for the log again every 5 s.
test.describe('ambulance feed push delivery (admin)', () => {
  let dir: string;
  let server: Server;
  let receiver: FeedReceiver;
  const captured: Captured[] = [];

  test.beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'feed-push-admin-e2e-'));
    // No secret yet: the register shows it once the admin sets the URL, and it is added then.
    receiver = createFeedReceiver({ secrets: [], file: path.join(dir, 'feed.ndjson') });
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => captured.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }));
      receiver.handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('an admin sets a webhook URL on a receiver, sends a test event and sees it delivered', async ({ page, context }) => {
    test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are needed (scripts/test.mjs passes them)');
    const label = `E2E push ${Date.now().toString(36)}`;
    const webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`;
    const baseURL = test.info().project.use.baseURL!;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL).origin });

    const signIn = new SignInPage(page);
    await signIn.open('/auth');
    await signIn.acceptAllCookies();
    await signIn.signIn(adminEmail!, adminPassword!);
    await expect(signIn.toast('Welcome back!')).toBeVisible();

    // A feed client of its own, made in the ambulance feed card.
    const admin = new AdminConsolePage(page);
    await admin.goto();
    await admin.openTab('Admin Tools');
    const card = page.getByRole('region', { name: 'Feed clients' });
    await card.getByLabel('Feed for').selectOption('north_west');
    await card.getByLabel('Label').fill(label);
    await card.getByRole('button', { name: 'Create key' }).click();
    await expect(card.getByTestId('new-feed-key')).toBeVisible();
    await card.getByRole('button', { name: 'Done' }).click();

    const open = card.getByRole('table', { name: 'Feed clients: North West' }).getByRole('button', { name: `Push delivery for ${label}` });
    await open.click();
    const dialog = page.getByRole('dialog', { name: `Push delivery: ${label}` });
    await expect(dialog.getByText(/This client has no push delivery/)).toBeVisible();

    // The webhook URL, and the secret shown this once.
    await dialog.getByLabel('Webhook URL').fill(webhookUrl);
    await dialog.getByRole('button', { name: 'Set webhook URL' }).click();
    const secretBox = dialog.getByTestId('feed-push-secret');
    await expect(secretBox).toHaveText(/^whsec_\S+$/);
    await expect(dialog.getByText(FeedPushMessages.created)).toBeVisible();
    const secret = (await secretBox.textContent())!.trim();
    await dialog.getByRole('button', { name: 'Copy secret' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    receiver.secrets.push(secret);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretBox).toBeHidden();

    const status = dialog.getByRole('region', { name: 'Subscription' });
    const field = (term: string) => status.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
    await expect(field('State')).toHaveText('Active');
    await expect(field('Webhook URL')).toHaveText(webhookUrl);
    await expect(field('Delivered cursor')).toHaveText(/^\d+$/);
    await expect(field('Last error')).toHaveText('None');

    // The dialog is checked with axe, and fits a phone's width.
    expect(await seriousViolations(page, 'admin push delivery dialog')).toEqual([]);
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await horizontalOverflow(page)).toBeNull();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    // What is wider than the phone (the log's table) scrolls inside its own box, not the dialog.
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByRole('button', { name: 'Send test event' }).click();
    await expect(signIn.toast(FeedPushMessages.test)).toBeVisible();

    // Delivered once the sweep has sent it: the log shows it (the dialog asks again every few seconds).
    const delivered = dialog
      .getByRole('table', { name: 'Push delivery log' })
      .getByRole('row')
      .filter({ hasText: 'Test event' })
      .filter({ hasText: 'Delivered' });
    await expect(delivered).toBeVisible({ timeout: 45_000 });
    await expect(delivered).toContainText('HTTP 200');
    await expect(field('Last error')).toHaveText('None');

    // The receiver really had it, signed with the secret shown once.
    await expect.poll(() => receiver.batches().filter((b) => b.type === FEED_PUSH_EVENT_TEST)).toHaveLength(1);
    // A kit of the client's region changed meanwhile would come as a batch of its own: the test event is found by its type.
    const batch = receiver.batches().find((b) => b.type === FEED_PUSH_EVENT_TEST)!;
    expect(batch).toMatchObject({ type: FEED_PUSH_EVENT_TEST, records: [] });
    expect(receiver.requests).toContainEqual({ id: batch.webhookId, outcome: 'accepted', status: 200 });
    const request = captured.find((c) => c.headers[FeedPushHeaders.id] === batch.webhookId)!;
    expect(signedWith(secret, request)).toBe(true);
    expect(signedWith('whsec_' + Buffer.from('not the secret').toString('base64'), request)).toBe(false);
    expect(request.headers[FeedPushHeaders.cursor]).toBe(batch.nextCursor);

    // Escape closes it, and the keyboard is back on the row's button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });
});
