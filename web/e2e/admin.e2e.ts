import { expect, test } from '@playwright/test';
import { AdminConsolePage, SignInPage } from './pages/admin-console.page';
import { AuthPage } from './pages/auth.page';

const adminEmail = process.env.E2E_ADMIN_EMAIL;
const adminPassword = process.env.E2E_ADMIN_PASSWORD;

test('a custodian registers a kit, the admin approves it and sees it active in All Kits', async ({ page }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are needed (scripts/test.mjs passes them)');
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const account = { firstName: 'Kit', lastName: 'Keeper', email: `e2e-admin-${unique}@example.org`, password: 'Str0ng!Passw0rd' };
  const serialNumber = `E2E-${unique}`.slice(0, 20);
  const locationName = `E2E Village Hall ${unique}`;

  // A fresh custodian signs up, then registers a kit through the API with the session the page holds.
  const auth = new AuthPage(page);
  await auth.open('/auth');
  await auth.acceptAllCookies();
  await auth.signUp(account);
  await expect(auth.toast('Account created!')).toBeVisible();

  const registered = await page.request.post('/api/bleed-kits', {
    data: {
      serialNumber,
      make: 'mere',
      locationType: 'unlocked_cabinet',
      locationName,
      addressLine1: '1 Market Street',
      city: 'Altrincham',
      postcode: 'WA14 1PF',
      latitude: '53.3875',
      longitude: '-2.3490',
      purchaseDate: '2025-01-01',
      expiryDate: '2028-01-01',
      custodianName: 'Kit Keeper',
      custodianPhone: '01619125920',
      custodianEmail: account.email,
    },
  });
  expect(registered.status()).toBe(201);
  const kit = (await registered.json()) as { id: number; status: string };
  expect(kit.status).toBe('pending');

  // A regular user is refused the console.
  const admin = new AdminConsolePage(page);
  await admin.open('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();

  await auth.logout();
  await expect(auth.toast('Goodbye!')).toBeVisible();

  // The admin signs in and approves it.
  const signIn = new SignInPage(page);
  await signIn.open('/auth');
  await signIn.signIn(adminEmail!, adminPassword!);
  await expect(signIn.toast('Welcome back!')).toBeVisible();

  await admin.goto();
  await admin.openTab(/^Pending Kits \(\d+\)$/);
  const card = admin.pendingCard(locationName);
  await expect(card).toBeVisible();
  await expect(card).toContainText(serialNumber);
  await admin.approve(locationName);
  await expect(admin.toast('Kit approved')).toBeVisible();
  await expect(card).toBeHidden();

  await admin.openTab('All Kits');
  await admin.searchAllKits(serialNumber);
  await expect(admin.pagingSummary()).toHaveText('Showing 1-1 of 1 kits');
  const row = admin.allKitsRows().first();
  await expect(row).toContainText(serialNumber);
  await expect(row).toContainText(locationName);
  await expect(row).toContainText('Active');
  await expect(row).toContainText(account.email);
});
