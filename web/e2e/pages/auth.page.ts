import type { Locator, Page } from '@playwright/test';
import { SitePage } from './site.page';

export type NewAccount = { firstName: string; lastName: string; email: string; password: string };

export class AuthPage extends SitePage {
  readonly form: Locator;

  constructor(page: Page) {
    super(page);
    this.form = page.locator('form');
  }

  async chooseCreateAccount(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Create Account' }).click();
  }

  async signUp(account: NewAccount): Promise<void> {
    await this.chooseCreateAccount();
    await this.form.getByLabel('First Name').fill(account.firstName);
    await this.form.getByLabel('Last Name').fill(account.lastName);
    await this.form.getByLabel('Email').fill(account.email);
    await this.form.getByLabel('Password', { exact: true }).fill(account.password);
    await this.form.getByRole('button', { name: 'Create Account' }).click();
  }
}
