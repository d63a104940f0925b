import { expect, type Locator, type Page } from '@playwright/test';
import { SitePage } from './site.page';

/** /admin/email-templates: the template list, the editor and the send-test box. */
export class EmailTemplatesPage extends SitePage {
  constructor(page: Page) {
    super(page);
  }

  async goto(): Promise<void> {
    await this.open('/admin/email-templates');
    await this.page.getByRole('heading', { name: 'Email Templates', level: 1 }).waitFor();
  }

  async choose(name: string): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Email templates' })
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
    await expect(this.page.getByRole('heading', { name, level: 2 })).toBeVisible();
  }

  get subject(): Locator {
    return this.page.getByRole('textbox', { name: 'Subject' });
  }

  async saveSubject(subject: string): Promise<void> {
    await this.subject.fill(subject);
    await this.page.getByRole('button', { name: 'Save Template' }).click();
  }

  async sendTestTo(email: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Test email address' }).fill(email);
    await this.page.getByRole('button', { name: 'Send Test Email' }).click();
  }

  previewSubject(): Locator {
    return this.page.getByTestId('preview-subject');
  }
}
