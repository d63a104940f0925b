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

  /** A new sign-in address needs the current password; the form then says to check the new inbox. */
  async changeEmail(email: string, currentPassword: string): Promise<void> {
    const profile = this.page.getByRole('form', { name: 'Profile information' });
    await profile.getByLabel('Email').fill(email);
    await profile.getByLabel('Current Password').fill(currentPassword);
    await this.page.getByRole('button', { name: 'Save Changes' }).click();
  }

  async changeFirstName(name: string): Promise<void> {
    await this.firstName.fill(name);
    await this.page.getByRole('button', { name: 'Save Changes' }).click();
  }
}
