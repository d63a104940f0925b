import { expect, test } from '@playwright/test';
import { SitePage } from './pages/site.page';

test('a visitor sees the public statistics of the register', async ({ page }) => {
  const site = new SitePage(page);
  await site.open('/statistics');
  await expect(page.getByRole('heading', { name: 'Bleed Kit Statistics' })).toBeVisible();
  const total = page.locator('.MuiCard-root').filter({ hasText: 'Total Active Kits' });
  await expect(total).toContainText(/\d/);
  await expect(page.getByRole('list', { name: 'By Access Type' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Register a Kit' })).toHaveAttribute('href', '/register');
  await expect(page).toHaveTitle('Statistics | UK Bleed Kit Register');
});
