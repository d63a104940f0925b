import type { Locator, Page } from '@playwright/test';
import { SitePage } from './site.page';

/** The home page's 'Find Bleed Kits' panel. */
export class FinderPage extends SitePage {
  readonly panel: Locator;
  readonly results: Locator;

  constructor(page: Page) {
    super(page);
    this.panel = page.locator('section#finder');
    this.results = this.panel.getByRole('list', { name: 'Bleed kits' });
  }

  async goto(): Promise<void> {
    await this.open('/');
    await this.panel.getByRole('heading', { name: 'Find Bleed Kits' }).waitFor();
  }

  async searchFor(location: string): Promise<void> {
    const form = this.panel.getByRole('search', { name: 'Search by place' });
    await form.getByLabel('Postcode, address or location').fill(location);
    await form.getByRole('button', { name: 'Search' }).click();
  }

  resultRows(): Locator {
    return this.results.getByRole('listitem');
  }
}
