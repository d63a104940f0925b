/**
 * GET /api/config/settings: the charity's public settings, from the gateway's environment. A value that is not
 * set is absent (never empty or a placeholder), and the web hides its line or option.
 */
export type SiteSettings = {
  contact: {
    /** CHARITY_CONTACT_EMAIL */
    email?: string;
    /** CHARITY_CONTACT_PHONE */
    phone?: string;
    /** CHARITY_POSTAL_ADDRESS, its lines separated by commas */
    postalAddress?: string;
  };
  donate: {
    /** DONATE_GIVING_PLATFORM_URL: the charity's own page on the online giving platform (with Gift Aid) */
    givingPlatformUrl?: string;
    /** DONATE_PAYMENT_SERVICE_URL: the charity's own page on the payment service */
    paymentServiceUrl?: string;
  };
};

export const SITE_SETTINGS_PATH = '/api/config/settings';

/** The lines of a postal address written on one line with commas (as an environment variable holds it). */
export function postalAddressLines(address: string): string[] {
  return address
    .split(',')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
