import { expect, test, type BrowserContext, type Locator, type Route } from '@playwright/test';
import { FinderPage } from './pages/finder.page';

// The installed app with no network: the service worker serves the app shell and the finder answers from the
// snapshot of public kits it stored on the first visit. The e2e stack seeds demo kits at town centres (Manchester:
// M1 1AE at 53.4808, -2.2426).

async function distances(rows: Locator): Promise<number[]> {
  return (await rows.getByTestId('distance').allTextContents()).map((t) => Number(/^(\d+\.\d{2}) km$/.exec(t)?.[1] ?? NaN));
}

/**
 * No network at all: context.setOffline cuts the page off, but not the service worker's own requests nor the
 * requests it passes through (microsoft/playwright#2311), so those are refused too. Only what the service worker
 * answers from its cache still loads.
 */
async function cutTheNetwork(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route: Route) =>
    route.request().serviceWorker() || new URL(route.request().url()).pathname.startsWith('/api/')
      ? route.abort('internetdisconnected')
      : route.continue(),
  );
}

test.describe.configure({ timeout: 120_000 });
// The service worker is this spec's subject (the other specs run without it: playwright.config.ts).
test.use({ serviceWorkers: 'allow', geolocation: { latitude: 53.4808, longitude: -2.2426 }, permissions: ['geolocation'] });

test('offline: after a first visit the finder reloads with no network and lists the kits by postcode district and by position, nearest first', async ({
  page,
  context,
}) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`.slice(0, 300)));
  const finder = new FinderPage(page);
  await finder.goto();
  await finder.acceptAllCookies();

  // The service worker has taken over and the snapshot is stored (it is fetched shortly after the page settles).
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active), null, { timeout: 30_000 });
  const hasSnapshot = () =>
    page.evaluate(async () => Boolean(await (await caches.open('bk-public-snapshot-v1')).match('/api/bleed-kits/public-snapshot')));
  await expect.poll(hasSnapshot, { timeout: 30_000, intervals: [500] }).toBe(true);
  // The download and its write are over (nothing in flight that the reload below could cut short).
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  expect(await hasSnapshot()).toBe(true);
  // The worker has taken control of the page (clientsClaim), so the reload below goes through it.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10_000 });

  await cutTheNetwork(context);
  await page.reload();
  await finder.acknowledgeEmergencyNotice();
  await expect(finder.panel.getByRole('heading', { name: 'Find Bleed Kits' })).toBeVisible();

  // The stored snapshot is there, with no network, for the search below.
  const stored = await page.evaluate(async () => {
    const res = await (await caches.open('bk-public-snapshot-v1')).match('/api/bleed-kits/public-snapshot');
    return res ? `online=${navigator.onLine} ${(await res.text()).slice(0, 40)}` : 'no stored snapshot';
  });
  expect(stored).toMatch(/^online=false \{"format":1,/);
  await finder.searchFor('M1');
  const notice = finder.panel.getByText(/^Offline: showing kits as of \d{1,2} [A-Z][a-z]+ \d{4}$/);
  await expect(notice, `the page said: ${await page.locator('[data-toast]').allTextContents()}; console: ${logs.join(' | ')}`).toBeVisible();
  await expect(finder.panel.getByRole('heading', { name: /kits? near M1$/ })).toBeVisible();
  const rows = finder.resultRows();
  await expect(rows.first()).toContainText('M1 1AE');
  await expect(rows.first().getByRole('link', { name: /^Directions to / })).toHaveAttribute('href', /destination=53\.\d+,-2\.\d+/);
  const byDistrict = await distances(rows);
  expect(byDistrict.length).toBeGreaterThan(0);
  expect(byDistrict.every(Number.isFinite)).toBe(true);
  expect(byDistrict).toEqual([...byDistrict].sort((a, b) => a - b));

  await finder.panel.getByRole('button', { name: 'Find Kits Near Me' }).click();
  await expect(finder.panel.getByRole('heading', { name: /kits? near your location/ })).toBeVisible();
  await expect(notice).toBeVisible();
  await expect(rows.first()).toContainText('Manchester demo kit');
  const byPosition = await distances(rows);
  expect(byPosition[0]).toBeLessThan(5);
  expect(byPosition).toEqual([...byPosition].sort((a, b) => a - b));
  await expect(page.getByTestId('finder-announcement')).toContainText('Offline: showing kits as of');

  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
});
