import { expect, type Locator, type Page } from '@playwright/test';
import { SitePage } from './site.page';

/** /dashboard: the user's kits table and the dialogs it opens. */
export class DashboardPage extends SitePage {
  constructor(page: Page) {
    super(page);
  }

  kitRow(locationName: string): Locator {
    return this.page.getByRole('table', { name: 'My kits' }).getByRole('row').filter({ hasText: locationName });
  }

  deploymentBadge(locationName: string): Locator {
    return this.kitRow(locationName).getByRole('button', { name: /Change deployment status/ });
  }

  async changeDeploymentStatus(locationName: string, status: 'Available' | 'Needs Verification' | 'Deployed', notes = ''): Promise<void> {
    await this.deploymentBadge(locationName).click();
    const dialog = this.page.getByRole('dialog', { name: /Update Deployment Status/ });
    await dialog.getByRole('radio', { name: status }).check();
    if (notes) await dialog.getByLabel('Notes (optional)').fill(notes);
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await expect(dialog).toBeHidden();
  }

  async deleteKit(locationName: string): Promise<void> {
    await this.kitRow(locationName).getByRole('button', { name: 'Edit kit' }).click();
    const dialog = this.page.getByRole('dialog', { name: /Edit Kit/ });
    await dialog.getByLabel('Location Name', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Delete Kit' }).click();
    const confirm = this.page.getByRole('dialog', { name: 'Delete Kit' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  }

  emptyState(): Locator {
    return this.page.getByRole('heading', { name: 'No Registered Kits' });
  }
}
