import { expect, test, type Page } from '@playwright/test';
import { FinderPage } from './pages/finder.page';
import { RegisterKitPage } from './pages/register-kit.page';
import { tabTo } from './support/a11y';
import { signUpNewUser } from './support/session';

test.describe.configure({ timeout: 180_000 });

// Keyboard only: after page.goto, nothing here clicks; every step is Tab, typing, Space, Enter or Escape, and each
// control reached shows that it has the focus.

/** The emergency notice takes the focus on load; Enter on OK closes it. The cookie banner is answered with the keyboard too. */
async function arriveByKeyboard(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const notice = page.getByRole('dialog').filter({ hasText: 'Is this an emergency?' });
  const ok = notice.getByRole('button', { name: 'OK' });
  await tabTo(page, ok);
  await page.keyboard.press('Enter');
  await expect(notice).toBeHidden();
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  if (await banner.isVisible()) {
    await tabTo(page, banner.getByRole('button', { name: 'Accept All' }), 120);
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();
  }
}

test('keyboard: a visitor skips to the content, searches the finder by postcode and reaches directions to the nearest kit', async ({ page }) => {
  await arriveByKeyboard(page, '/');
  const finder = new FinderPage(page);
  // The skip link is the first stop of the page (Tab goes round to it) and shows itself when focused.
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await tabTo(page, skip, 150);
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();

  const field = finder.panel.getByLabel('Postcode, address or location');
  await tabTo(page, field);
  await page.keyboard.type('SW1A 1AA');
  await page.keyboard.press('Enter');
  const first = finder.resultRows().first();
  await expect(first).toContainText('SW1A 1AA');
  // Screen readers hear the count and the nearest kit.
  await expect(page.getByTestId('finder-announcement')).toHaveText(/^\d+ kits? near SW1A 1AA\. Nearest: .+, \d+\.\d{2} km away\.$/);

  const filter = finder.panel.getByRole('switch', { name: 'Open now only' });
  await tabTo(page, filter);
  await page.keyboard.press('Space');
  await expect(filter).toBeChecked();
  await expect(finder.panel.getByRole('heading', { name: /open now near SW1A 1AA/ })).toBeVisible();
  await page.keyboard.press('Space');

  const directions = first.getByRole('link', { name: /^Directions to / });
  await tabTo(page, directions);
  await expect(directions).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d+\.\d+,-?\d+\.\d+$/);
});

test('keyboard: a custodian signs in with the keyboard alone', async ({ page, browser }) => {
  const setup = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const account = await signUpNewUser(setup.request, 'kbd-signin');
  await setup.close();

  await arriveByKeyboard(page, '/auth');
  const form = page.getByRole('form', { name: 'Sign in form' });
  await tabTo(page, form.getByLabel('Email'));
  await page.keyboard.type(account.email);
  await tabTo(page, form.getByLabel('Password', { exact: true }));
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-toast]').filter({ hasText: 'Welcome back!' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('keyboard: a custodian registers a kit, its availability included, with the keyboard alone', async ({ page }) => {
  await signUpNewUser(page.request, 'kbd-register');
  await arriveByKeyboard(page, '/register-kit');
  const register = new RegisterKitPage(page);
  const form = register.form;
  const type = async (label: string, text: string) => {
    await tabTo(page, register.field(label), 120);
    await page.keyboard.type(text);
  };
  await type('Serial Number', `KBD-${Date.now()}`.slice(0, 20));
  await type('Location Name', 'Keyboard Village Hall');
  await type('Address Line 1', '2 Church Lane');
  await type('City', 'Leeds');
  await type('Postcode', 'LS1 1AA');

  // Location by coordinates (no map key in the test stack).
  const coordinates = form.getByRole('group', { name: 'Coordinates' });
  await tabTo(page, coordinates.getByLabel('Latitude'), 120);
  await page.keyboard.type('53.797');
  await tabTo(page, coordinates.getByLabel('Longitude'));
  await page.keyboard.type('-1.5437');
  await tabTo(page, coordinates.getByRole('button', { name: 'Set Location' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Selected location: 53.797000, -1.543700')).toBeVisible();

  // Availability: Saturday opened with its own hours, Saturday's hours copied to Sunday, term time only.
  const availability = form;
  const saturday = availability.getByRole('checkbox', { name: 'Saturday' });
  await tabTo(page, saturday, 120);
  await page.keyboard.press('Space');
  await expect(saturday).toBeChecked();
  await tabTo(page, availability.getByLabel('Saturday opening time'));
  await page.keyboard.type('10:30');
  await tabTo(page, availability.getByRole('button', { name: 'Apply Saturday to Sunday' }), 120);
  await page.keyboard.press('Enter');
  await expect(availability.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
  const termTime = availability.getByRole('switch', { name: 'Term Time Only' }).or(availability.getByRole('checkbox', { name: 'Term Time Only' }));
  await tabTo(page, termTime, 120);
  await page.keyboard.press('Space');
  await expect(availability.getByLabel('Opening Hours (Legacy Format)')).toHaveValue('Mon-Fri: 09:00-17:00; Sat-Sun: 10:30-16:00 (Term time only)');

  await type('Custodian Name', 'Ada Keyboard');
  await type('Custodian Phone', '07700 900123');
  await type('Custodian Email', 'ada.keyboard@example.org');
  await tabTo(page, form.getByRole('button', { name: 'Register Kit' }), 120);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-toast]').filter({ hasText: 'Bleed kit registered successfully. Awaiting approval.' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});
