import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FinderPage } from './pages/finder.page';

// The build the stack serves (npm test builds web/dist before starting it) and its manifest: which source each
// chunk was built from, so a chunk in the network log can be traced to the page it belongs to.
const MANIFEST = path.resolve(__dirname, '../dist/.vite/manifest.json');
/** Sources of the signed-in and admin pages, which the router loads on first visit only (src/app/router.tsx). */
const SIGNED_IN_OR_ADMIN =
  /^src\/(app\/routes\/|features\/(admin|admin-import|admin-verification|backups|dashboard|email-templates|account|kit-dialogs|register-kit)\/)/;

type Manifest = Record<string, { file: string }>;

/** The chunks built from those sources, by file, with the source each was built from. */
function signedInOrAdminChunks(manifest: Manifest): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) if (SIGNED_IN_OR_ADMIN.test(key)) owners.set(chunk.file, key);
  return owners;
}

// Not timed: what loads, not how fast (npm run bench:web measures that).
test.use({ serviceWorkers: 'block' });

test('page weight: the public home page loads no chunk of an admin, dashboard or other signed-in page', async ({ page }) => {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  const owners = signedInOrAdminChunks(manifest);
  expect(owners.size, 'the manifest names the admin and dashboard pages').toBeGreaterThan(5);

  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.push(pathname.slice(1));
  });
  const finder = new FinderPage(page);
  await finder.goto();
  await finder.searchFor('M1 1AE');
  await expect(finder.resultRows().first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((file) => !Object.values(manifest).some((chunk) => chunk.file === file))).toEqual([]);
  expect(scripts.filter((file) => owners.has(file)).map((file) => `${file} (${owners.get(file)})`)).toEqual([]);

  // And the check would see one: /admin (which answers a signed-out visitor itself) loads its chunk.
  await page.goto('/admin');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((file) => owners.get(file) === 'src/app/routes/admin-route.tsx')).toBe(true);
});

test('page weight: the home page shows its header and hero before any script of the app has run, and only the home page', async ({ page }) => {
  // Every script of the app refused; only the shell's one-liner (build/home-shell.ts), which index.html loads first.
  await page.route('**/assets/*.js', (route) => (/\/assets\/home-shell-[\w-]+\.js$/.test(route.request().url()) ? route.continue() : route.abort()));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Find and register emergency bleed control kits' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register Your Bleed Kit' })).toHaveAttribute('href', '/register-kit');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

  // Any other address waits for the app, as it always has: the home page's hero would be the wrong page there.
  await page.goto('/about');
  await expect(page.locator('#home-shell')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
});
