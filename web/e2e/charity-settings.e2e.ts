import { expect, test } from '@playwright/test';
import { SitePage } from './pages/site.page';

// scripts/test.mjs starts the stack with the charity's settings set (CHARITY_*, DONATE_*_URL).
test('charity settings: the contact page, the footer and the donate page show the deployment’s details and pages', async ({ page }) => {
  const site = new SitePage(page);
  await site.open('/contact');
  const card = page.getByRole('list', { name: 'Our contact details' });
  await expect(card.getByRole('link', { name: 'hello@bleedkits.example' })).toHaveAttribute('href', 'mailto:hello@bleedkits.example');
  await expect(card.getByRole('link', { name: '0161 496 0000' })).toHaveAttribute('href', 'tel:01614960000');
  await expect(card.locator('address')).toContainText('12 High Street');
  const footer = page.getByRole('contentinfo').getByRole('list', { name: 'Contact details' });
  await expect(footer.getByRole('link', { name: 'hello@bleedkits.example' })).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Donate' }).click();
  await expect(page.getByRole('link', { name: /Donate online/ })).toHaveAttribute('href', 'https://giving.example/charity/uk-bleed-kit-register');
  await expect(page.getByRole('link', { name: /Donate by card/ })).toHaveAttribute('href', 'https://pay.example/donate/uk-bleed-kit-register');
  await expect(page.getByRole('list', { name: 'Ask us for our bank details' }).getByRole('link', { name: 'hello@bleedkits.example' })).toBeVisible();
});
