import { SITE_SETTINGS_PATH, type SiteSettings } from '@bleedkits/contracts';
import { api } from '@/api/api';

/**
 * The charity's contact details and donation pages, set by the deployment (GET /api/config/settings). Read once per
 * visit (the slice never refetches); a value the server does not send is not set, and its line or option is hidden.
 */
export const siteSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    siteSettings: build.query<SiteSettings, void>({
      query: () => SITE_SETTINGS_PATH,
      transformResponse: (answer: unknown) => readSiteSettings(answer),
    }),
  }),
});

const NONE: SiteSettings = { contact: {}, donate: {} };

/** Only non-empty text values, so a page never shows an empty line; anything else reads as not set. */
function readSiteSettings(answer: unknown): SiteSettings {
  if (typeof answer !== 'object' || answer === null) return NONE;
  const group = (value: unknown, keys: readonly string[]) => {
    const source = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    return Object.fromEntries(keys.flatMap((k) => (typeof source[k] === 'string' && source[k].trim() !== '' ? [[k, source[k].trim()]] : [])));
  };
  const { contact, donate } = answer as Partial<Record<keyof SiteSettings, unknown>>;
  return {
    contact: group(contact, ['email', 'phone', 'postalAddress']),
    donate: group(donate, ['givingPlatformUrl', 'paymentServiceUrl']),
  };
}

/** The settings, or none while they load or when the call fails (the pages then show what needs no setting). */
export function useSiteSettings(): SiteSettings {
  const { data } = siteSettingsApi.useSiteSettingsQuery();
  return data ?? NONE;
}
