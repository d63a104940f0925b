import { expect, test, type Page } from '@playwright/test';
import { SitePage } from './pages/site.page';
import { horizontalOverflow, seriousViolations, type Violation } from './support/a11y';
import { PATHS } from '../src/config/paths';
import { appRoutes, isAdminRoute } from './support/app-routes';
import { ADMIN, registerKit, signIn, signUpNewUser, type Role } from './support/session';

// Every route of the router signed out, and each route whose page depends on the role as a user and as an admin: no
// serious or critical axe-core violation (WCAG 2.2 A/AA rules), and no sideways scrolling at phone, tablet and
// desktop widths. Problems are collected and reported together.
const WIDTHS = [320, 375, 768, 1280, 1920] as const;
const ROUTES = appRoutes();
const CONSENT = JSON.stringify({
  accepted: true,
  preferences: { essential: true, analytics: false, functional: false },
  timestamp: new Date().toISOString(),
});

/** Pages a signed-out visitor cannot see (they are sent to /auth). */
const SIGNED_IN_ONLY = ['/dashboard', '/register-kit', '/account-settings'];

/** The pages a signed-in role sees differently: the home page (their header), their own pages and the admin area. */
const roleChangesPage = (route: string) => route === '/' || SIGNED_IN_ONLY.includes(route) || isAdminRoute(route);

type Problem = Violation | { route: string; width: number; scrollWidth: number; clientWidth: number };

const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * The page's own calls answered (or 3 s, whichever is first), its 'Loading …' statuses gone (or 10 s more: a slow
 * report keeps its page's buttons disabled, and axe measuring one as it fades in reports a contrast no one sees),
 * then two frames for layout.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
  await page
    .getByRole('status')
    .filter({ hasText: /^Loading\b/ })
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
  await frames(page);
}

/** Opens a route as a visitor would arrive on it (full load, emergency notice acknowledged). */
async function visit(page: Page, route: string): Promise<void> {
  await new SitePage(page).open(route);
  await expect(page.locator('main#main')).not.toBeEmpty();
  await settle(page);
}

/** Moves to a route inside the app, as its links do (no reload: the emergency notice is not shown again). */
async function navigate(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await expect(page.locator('main#main')).not.toBeEmpty();
  await settle(page);
}

/**
 * Each route: axe-core at 1280 px, then the five widths for sideways scrolling. A public page shows the same to
 * everyone except in the header, so the signed-in roles check the home page (their header) and the pages only they
 * can see (`roleMatters`); the public pages are checked signed out. That keeps the suite inside the test run's time.
 */
async function checkRoutes(
  page: Page,
  role: Role,
  routes: readonly string[],
  roleMatters: (route: string) => boolean = () => true,
): Promise<Problem[]> {
  const problems: Problem[] = [];
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, '/');
  for (const route of routes.filter(roleMatters)) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await navigate(page, route);
    problems.push(...(await seriousViolations(page, `${role} ${route}`)));
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await frames(page);
      const overflow = await horizontalOverflow(page);
      if (overflow) problems.push({ route: `${role} ${route}`, width, ...overflow });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return problems;
}

test.describe.configure({ timeout: 300_000 });

test('a11y: every route signed out, the emergency notice and the cookie banner, at every width', async ({ page }) => {
  // First visit: the emergency notice and the cookie banner are part of the page.
  await page.goto('/');
  await expect(page.getByRole('dialog').filter({ hasText: 'Is this an emergency?' })).toBeVisible();
  const problems: Problem[] = await seriousViolations(page, 'signed out / emergency notice');
  await new SitePage(page).acknowledgeEmergencyNotice();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  problems.push(...(await seriousViolations(page, 'signed out / cookie banner')));
  await page.getByRole('button', { name: 'Customise' }).click();
  await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
  problems.push(...(await seriousViolations(page, 'signed out / cookie preferences dialog')));
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  // A phone: the finder as most visitors first see it.
  await page.setViewportSize({ width: 375, height: 740 });
  await settle(page);
  problems.push(...(await seriousViolations(page, 'signed out / at 375 px')));
  // One-handed at 375 px: the finder's controls and each result's directions are thumb-sized (44 px).
  const finder = page.locator('section#finder');
  await finder.getByLabel('Postcode, address or location').fill('SW1A 1AA');
  await finder.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(finder.getByRole('list', { name: 'Bleed kits' })).toBeVisible();
  problems.push(...(await seriousViolations(page, 'signed out / results at 375 px')));
  for (const control of [
    finder.getByRole('button', { name: 'Find Kits Near Me' }),
    finder.getByLabel('Postcode, address or location').locator('xpath=ancestor::div[contains(@class, "MuiInputBase-root")][1]'),
    finder.getByRole('button', { name: 'Search', exact: true }),
    finder.getByRole('switch', { name: 'Open now only' }).locator('xpath=ancestor::label'),
    finder.getByRole('link', { name: /^Directions to / }).first(),
  ]) {
    const box = await control.boundingBox();
    if (!box || box.height < 44)
      problems.push({
        route: `signed out / touch target ${control.toString()}`,
        width: 375,
        scrollWidth: box?.width ?? 0,
        clientWidth: box?.height ?? 0,
      });
  }

  // An admin page sends a signed-out visitor to sign in (/auth, checked on its own), the admin pages through the
  // gateway's /api/login, a page load; /admin itself shows 'Admin Access Required'.
  problems.push(
    ...(await checkRoutes(
      page,
      'signed out',
      ROUTES.filter((r) => !isAdminRoute(r) || r === PATHS.admin),
    )),
  );
  expect(problems).toEqual([]);
});

test('a11y: every route as a signed-in user, with the dashboard dialog open and focus returned when it closes', async ({ page, context }) => {
  await context.addInitScript((consent) => window.localStorage.setItem('cookieConsent', consent), CONSENT);
  await signUpNewUser(page.request, 'a11y-user');
  const locationName = `A11y Village Hall ${Date.now()}`;
  await registerKit(page.request, locationName);

  const problems = await checkRoutes(page, 'user', ROUTES, roleChangesPage);

  await navigate(page, '/dashboard');
  const badge = page
    .getByRole('table', { name: 'My kits' })
    .getByRole('row')
    .filter({ hasText: locationName })
    .getByRole('button', { name: /Change deployment status/ });
  await badge.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /Update Deployment Status/ });
  await expect(dialog).toBeVisible();
  problems.push(...(await seriousViolations(page, 'user /dashboard deployment-status dialog')));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(badge).toBeFocused();

  const details = page
    .getByRole('table', { name: 'My kits' })
    .getByRole('row')
    .filter({ hasText: locationName })
    .getByRole('button', { name: 'View details' });
  await details.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  problems.push(...(await seriousViolations(page, 'user /dashboard kit details dialog')));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(details).toBeFocused();

  expect(problems).toEqual([]);
});

test('a11y: every route as an admin, with admin dialogs open and focus returned when they close', async ({ page, context }) => {
  test.skip(!ADMIN.email || !ADMIN.password, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are needed (scripts/test.mjs passes them)');
  await context.addInitScript((consent) => window.localStorage.setItem('cookieConsent', consent), CONSENT);
  await signIn(page.request, ADMIN.email!, ADMIN.password!);

  const problems = await checkRoutes(page, 'admin', ROUTES, roleChangesPage);

  await navigate(page, '/admin');
  const due = page.getByRole('button', { name: /^Verification Due: \d+ kits\. Show details$/ });
  await due.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  problems.push(...(await seriousViolations(page, 'admin /admin verification-due dialog')));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(due).toBeFocused();

  await page.getByRole('tab', { name: 'All Kits' }).click();
  const edit = page
    .getByRole('table', { name: 'All kits' })
    .getByRole('button', { name: /^Edit / })
    .first();
  await edit.focus();
  await page.keyboard.press('Enter');
  const editDialog = page.getByRole('dialog', { name: /Edit Kit/ });
  await expect(editDialog).toBeVisible();
  await settle(page);
  problems.push(...(await seriousViolations(page, 'admin /admin edit-kit dialog')));
  await page.keyboard.press('Escape');
  await expect(editDialog).toBeHidden();
  await expect(edit).toBeFocused();

  // The other admin pages: the cookie preferences dialog over each (their own dialogs are checked by their specs).
  for (const route of ROUTES.filter(isAdminRoute)) {
    await navigate(page, route);
    const settings = page.getByRole('button', { name: /cookie settings/i });
    if (!(await settings.isVisible())) continue;
    await settings.click();
    await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
    problems.push(...(await seriousViolations(page, `admin ${route} cookie preferences dialog`)));
    await page.keyboard.press('Escape');
  }
  expect(problems).toEqual([]);
});
