import { expect, test } from '@playwright/test';
import { AuthPage } from './pages/auth.page';
import { DashboardPage } from './pages/dashboard.page';
import { RegisterKitPage } from './pages/register-kit.page';

test('a new custodian registers a kit without a map, marks it deployed and deletes it', async ({ page }) => {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const account = { firstName: 'Kit', lastName: 'Keeper', email: `e2e-kit-${unique}@example.org`, password: 'Str0ng!Passw0rd' };
  const locationName = `E2E Village Hall ${unique.slice(-6)}`;

  const auth = new AuthPage(page);
  await auth.open('/');
  await auth.acceptAllCookies();
  await auth.loginButton().click();
  await auth.signUp(account);
  await expect(auth.toast('Account created!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const register = new RegisterKitPage(page);
  await register.goto();
  await expect(page.getByText('Google Maps API key not configured')).toBeVisible();
  await register.fill({
    serialNumber: `SN-${unique.slice(-8)}`,
    locationName,
    addressLine1: '1 Church Lane',
    city: 'Leeds',
    postcode: 'LS1 1AA',
    custodianName: 'Kit Keeper',
    custodianPhone: '07700 900123',
    custodianEmail: account.email,
    latitude: '53.797',
    longitude: '-1.5437',
  });
  await expect(page.getByText('Selected location: 53.797000, -1.543700')).toBeVisible();
  await expect(register.field('Ambulance Service')).toHaveValue('yorkshire');
  await register.submit();

  await expect(register.toast('Bleed kit registered successfully. Awaiting approval.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const dashboard = new DashboardPage(page);
  const row = dashboard.kitRow(locationName);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Pending Approval');
  await expect(row).toContainText(/BCK-\d+/);
  await expect(dashboard.deploymentBadge(locationName)).toHaveText('Available');

  await dashboard.changeDeploymentStatus(locationName, 'Deployed', 'Used at a road accident');
  await expect(dashboard.toast('Kit status updated')).toBeVisible();
  await expect(dashboard.deploymentBadge(locationName)).toHaveText('Deployed');

  await dashboard.deleteKit(locationName);
  await expect(dashboard.toast('Kit deleted')).toBeVisible();
  await expect(dashboard.emptyState()).toBeVisible();
});
