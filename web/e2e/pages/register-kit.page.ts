import type { Locator, Page } from '@playwright/test';
import { SitePage } from './site.page';

export type KitDetails = {
  serialNumber: string;
  locationName: string;
  addressLine1: string;
  city: string;
  postcode: string;
  custodianName: string;
  custodianPhone: string;
  custodianEmail: string;
  latitude: string;
  longitude: string;
};

/** /register-kit. Tests run without a Maps key, so the location is set by typing coordinates. */
export class RegisterKitPage extends SitePage {
  readonly form: Locator;

  constructor(page: Page) {
    super(page);
    this.form = page.getByRole('form', { name: 'Register bleed kit' });
  }

  async goto(): Promise<void> {
    await this.open('/register-kit');
    await this.page.getByRole('heading', { name: 'Register Bleed Kit with Ambulance Services' }).waitFor();
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  async setCoordinates(latitude: string, longitude: string): Promise<void> {
    const group = this.form.getByRole('group', { name: 'Coordinates' });
    await group.getByLabel('Latitude').fill(latitude);
    await group.getByLabel('Longitude').fill(longitude);
    await group.getByRole('button', { name: 'Set Location' }).click();
  }

  async fill(kit: KitDetails): Promise<void> {
    await this.field('Serial Number').fill(kit.serialNumber);
    await this.field('Location Name').fill(kit.locationName);
    await this.field('Address Line 1').fill(kit.addressLine1);
    await this.field('City').fill(kit.city);
    await this.field('Postcode').fill(kit.postcode);
    await this.field('Custodian Name').fill(kit.custodianName);
    await this.field('Custodian Phone').fill(kit.custodianPhone);
    await this.field('Custodian Email').fill(kit.custodianEmail);
    await this.setCoordinates(kit.latitude, kit.longitude);
  }

  async submit(): Promise<void> {
    await this.form.getByRole('button', { name: 'Register Kit' }).click();
  }
}
