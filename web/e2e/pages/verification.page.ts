import { expect, type Locator, type Page } from '@playwright/test';
import { SitePage } from './site.page';

/** /admin/verification: the overview, the three report tabs, Refresh Data and the reminder runs. */
export class VerificationPage extends SitePage {
  constructor(page: Page) {
    super(page);
  }

  async goto(): Promise<void> {
    await this.open('/admin/verification');
    await expect(this.page.getByRole('heading', { name: 'Verification Management' })).toBeVisible();
  }

  async openTab(name: RegExp): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  overdueRows(): Locator {
    return this.page.getByRole('table', { name: 'Overdue kits' }).getByRole('row');
  }

  emptyOverdue(): Locator {
    return this.page.getByText('No overdue kits found.');
  }

  async refresh(): Promise<void> {
    await this.page.getByRole('button', { name: 'Refresh Data' }).click();
    await expect(this.toast('Data Refreshed')).toBeVisible();
  }

  /** "Run Reminders Now": the run is queued and the card shows it as the current run. */
  async startReminderRun(): Promise<void> {
    await this.page.getByRole('region', { name: 'Reminder Runs' }).getByRole('button', { name: 'Run Reminders Now' }).click();
    await expect(this.toast('Reminder Run Started')).toBeVisible();
  }

  currentRun(): Locator {
    return this.page.getByRole('region', { name: 'Current reminder run' });
  }

  runHistoryRows(): Locator {
    return this.page.getByRole('table', { name: 'Reminder run history' }).getByRole('row');
  }
}

/** The kit detail dialog's 'Verify Kit' checklist, opened from the dashboard. */
export class VerifyKitChecklist {
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /^Verify Kit/ });
  }

  async openFromDashboard(locationName: string): Promise<void> {
    await this.page
      .getByRole('table', { name: 'My kits' })
      .getByRole('row')
      .filter({ hasText: locationName })
      .getByRole('button', { name: 'View details' })
      .click();
    const detail = this.page.getByRole('dialog', { name: new RegExp(locationName) });
    await expect(detail.getByRole('region', { name: 'Verification History' })).toContainText('Verification Overdue');
    await detail.getByRole('button', { name: 'Verify Kit' }).click();
    await expect(this.dialog).toBeVisible();
  }

  async answerAll(answer: 'Yes' | 'No'): Promise<void> {
    for (const question of ['Cabinet or location accessible', 'Kit present', 'Seal intact']) {
      await this.dialog.getByRole('radiogroup', { name: question }).getByRole('radio', { name: answer }).check();
    }
  }

  async record(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Record Check' }).click();
    await expect(this.dialog).toBeHidden();
  }
}
