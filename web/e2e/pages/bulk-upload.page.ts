import { expect, type Locator, type Page } from '@playwright/test';
import { DashboardPage } from './dashboard.page';

/** The dashboard's Bulk Upload tab and its Import Results panel. */
export class BulkUploadPage extends DashboardPage {
  constructor(page: Page) {
    super(page);
  }

  async openTab(): Promise<void> {
    await this.page.getByRole('button', { name: 'Bulk Upload' }).click();
    await expect(this.page.getByRole('tab', { name: 'Bulk Upload' })).toHaveAttribute('aria-selected', 'true');
  }

  async upload(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByLabel('CSV file').setInputFiles(file);
    await this.page.getByRole('button', { name: 'Upload & Register' }).click();
  }

  results(): Locator {
    return this.page.getByRole('region', { name: 'Import Results' });
  }

  /** A figure of the results panel (Total Records, Successfully Created, Errors). */
  figure(label: 'Total Records' | 'Successfully Created' | 'Errors'): Locator {
    return this.results().locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  async backToMyKits(): Promise<void> {
    await this.page.getByRole('tab', { name: 'My Kits' }).click();
  }
}
