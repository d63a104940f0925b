import { expect, test } from '@playwright/test';
import { traffordTemplateCsv } from '../../services/imports/test/real-data';
import { AuthPage } from './pages/auth.page';
import { BulkUploadPage } from './pages/bulk-upload.page';

test('a custodian bulk-uploads the Trafford CSV from the dashboard and sees the results and the new pending kits', async ({ page }) => {
  test.setTimeout(180_000);
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const account = { firstName: 'Bulk', lastName: 'Uploader', email: `e2e-bulk-${unique}@example.org`, password: 'Str0ng!Passw0rd' };
  // Trafford Council's 185 defibrillator sites (Open Government Licence), turned into the import template.
  const trafford = traffordTemplateCsv();

  const auth = new AuthPage(page);
  await auth.open('/auth');
  await auth.acceptAllCookies();
  await auth.signUp(account);
  await expect(auth.toast('Account created!')).toBeVisible();

  const dashboard = new BulkUploadPage(page);
  await dashboard.open('/dashboard');
  await expect(dashboard.emptyState()).toBeVisible();
  await dashboard.openTab();
  await expect(page.getByRole('link', { name: 'Download CSV Template' })).toHaveAttribute('href', '/api/bleed-kits/template');
  await dashboard.upload({ name: 'trafford-defibrillators.csv', mimeType: 'text/csv', buffer: Buffer.from(trafford.csv) });

  await expect(page.getByText('Uploading and processing...')).toBeVisible();
  await expect(dashboard.results()).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText('Complete!')).toBeVisible();
  await expect(dashboard.figure('Total Records')).toHaveText('185');
  await expect(dashboard.figure('Successfully Created')).toHaveText('185');
  await expect(dashboard.figure('Errors')).toHaveText('0');
  await expect(dashboard.toast('Import successful')).toBeVisible();

  await dashboard.backToMyKits();
  await expect(page.getByText('Showing 1-25 of 185 kits')).toBeVisible();
  await page.getByRole('search', { name: 'Filter kits' }).getByLabel('Search').fill('WA15 8FH');
  const row = dashboard.kitRow('AECOM');
  await expect(row).toBeVisible();
  await expect(row).toContainText('Pending Approval');
});
