import { type Locator, type Page } from '@playwright/test';
import { SitePage } from './site.page';

/** /admin/backups: security status, Backup Now, the schedule, the Dropbox token form and the history. */
export class BackupsPage extends SitePage {
  constructor(page: Page) {
    super(page);
  }

  async goto(): Promise<void> {
    await this.open('/admin/backups');
    await this.page.getByRole('heading', { name: 'Database Backup Management', level: 1 }).waitFor();
  }

  backupNowButton(): Locator {
    return this.page.getByRole('button', { name: 'Backup Now' });
  }

  history(): Locator {
    return this.page.getByRole('table', { name: 'Backup history' });
  }

  /** The history row of one backup, by the id POST /api/admin/backup answered. */
  row(backupId: string): Locator {
    return this.history().locator(`tr[data-backup-id="${backupId}"]`);
  }

  securityStatus(): Locator {
    return this.page.getByRole('region', { name: 'Security Status' });
  }

  /** Presses Backup Now and returns the id of the backup the server started. */
  async backupNow(): Promise<string> {
    const [response] = await Promise.all([
      this.page.waitForResponse((r) => r.url().endsWith('/api/admin/backup') && r.request().method() === 'POST'),
      this.backupNowButton().click(),
    ]);
    const body = (await response.json()) as { backup: { id: string } };
    return body.backup.id;
  }
}
