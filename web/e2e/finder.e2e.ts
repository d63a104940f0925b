import { expect, test } from '@playwright/test';
import { FinderPage } from './pages/finder.page';

// The e2e stack seeds demo kits (SEED_DEMO_KITS) into an empty register at known town centres, each with its
// town's postcode and an address on 'High Street'; London's is SW1A 1AA.
test('a visitor searches by a postcode and sees the nearby kits listed with address and postcode', async ({ page }) => {
  const finder = new FinderPage(page);
  await finder.goto();
  await finder.acceptAllCookies();

  await finder.searchFor('SW1A 1AA');

  const first = finder.resultRows().first();
  await expect(first).toBeVisible();
  await expect(first).toContainText(/High Street, SW1A 1AA/);
  await expect(first).toContainText(/\d+\.\d{2} km/);
  await expect(finder.panel.getByRole('heading', { name: /kits? near SW1A 1AA/ })).toBeVisible();
});

test('a blank search is refused with the spec toast, and the finder never depends on the map', async ({ page }) => {
  const finder = new FinderPage(page);
  await finder.goto();
  await finder.acceptAllCookies();

  await finder.searchFor('   ');
  await expect(finder.toast('Search Error')).toContainText('Please enter a location to search for kits.');
  // With no Maps key (CI), the map's place says so; either way the panel works.
  await expect(finder.panel.getByRole('button', { name: 'Find Kits Near Me' })).toBeEnabled();
});

test.describe('near me', () => {
  test.use({ geolocation: { latitude: 53.4808, longitude: -2.2426 }, permissions: ['geolocation'] });

  test('a visitor in Manchester finds the nearest kit from their position', async ({ page }) => {
    const finder = new FinderPage(page);
    await finder.goto();
    await finder.acceptAllCookies();

    await finder.panel.getByRole('button', { name: 'Find Kits Near Me' }).click();

    await expect(finder.toast('Nearest Kit Found')).toContainText(/Manchester demo kit \d+ is \d+\.\d{2} km away/);
    await expect(finder.panel.getByRole('heading', { name: /kits? near your location/ })).toBeVisible();
    await expect(finder.resultRows().first()).toContainText('M1 1AE');
  });
});
