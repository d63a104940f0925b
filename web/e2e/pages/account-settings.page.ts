import type { Locator, Page } from '@playwright/test';
import { SitePage } from './site.page';

export class AccountSettingsPage extends SitePage {
  readonly firstName: Locator;

  constructor(page: Page) {
    super(page);
    this.firstName = page.getByLabel('First Name');
  }

  async goto(): Promise<void> {
    await this.open('/account-settings');
    await this.page.getByRole('heading', { name: 'Account Settings' }).waitFor();
  }

  async changeFirstName(name: string): Promise<void> {
    await this.firstName.fill(name);
    await this.page.getByRole('button', { name: 'Save Changes' }).click();
  }
}
