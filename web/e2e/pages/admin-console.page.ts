import { expect, type Locator, type Page } from '@playwright/test';
import { SitePage } from './site.page';

/** The /auth sign-in form, for an existing account (the admin). */
export class SignInPage extends SitePage {
  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByRole('tab', { name: 'Sign In' }).click();
    const form = this.page.getByRole('form', { name: 'Sign in form' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Sign In' }).click();
  }
}

/** /admin: the tabs, the pending cards and the All Kits table. */
export class AdminConsolePage extends SitePage {
  constructor(page: Page) {
    super(page);
  }

  async goto(): Promise<void> {
    await this.open('/admin');
    await this.page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  }

  tab(name: string | RegExp): Locator {
    return this.page.getByRole('tab', { name });
  }

  async openTab(name: string | RegExp): Promise<void> {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  pendingCard(locationName: string): Locator {
    return this.page.getByRole('article', { name: locationName });
  }

  async approve(locationName: string): Promise<void> {
    await this.pendingCard(locationName).getByRole('button', { name: 'Approve' }).click();
  }

  async searchAllKits(term: string): Promise<void> {
    await this.page.getByLabel('Search kits').fill(term);
  }

  allKitsRows(): Locator {
    return this.page.getByRole('table', { name: 'All kits' }).locator('tbody tr');
  }

  pagingSummary(): Locator {
    return this.page.getByText(/^Showing \d+-\d+ of \d+ kits$/);
  }
}
