import { expect, type Locator, type Page } from '@playwright/test';

/** What every page shares: the load-time overlays, the header and the toast. */
export class SitePage {
  readonly header: Locator;

  constructor(protected readonly page: Page) {
    this.header = page.getByRole('banner');
  }

  /** Opens a path as a full page load, which shows the emergency notice again, and acknowledges it. */
  async open(path: string): Promise<void> {
    await this.page.goto(path);
    await this.acknowledgeEmergencyNotice();
  }

  async acknowledgeEmergencyNotice(): Promise<void> {
    const dialog = this.page.getByRole('dialog').filter({ hasText: 'Is this an emergency?' });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
  }

  async acceptAllCookies(): Promise<void> {
    const banner = this.page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect(banner).toBeHidden();
  }

  loginButton(): Locator {
    return this.header.getByRole('link', { name: 'Login' });
  }

  dashboardLink(): Locator {
    return this.header.getByRole('link', { name: 'Dashboard' });
  }

  logoutButton(): Locator {
    return this.header.getByRole('button', { name: 'Logout' });
  }

  toast(title: string): Locator {
    return this.page.locator('[data-toast]').filter({ hasText: title });
  }

  async logout(): Promise<void> {
    await this.logoutButton().click();
  }
}
