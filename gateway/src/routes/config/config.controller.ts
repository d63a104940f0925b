import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import { AMBULANCE_SERVICE_OPTIONS, MAPS_NOT_CONFIGURED_MESSAGE, type Option, type SiteSettings } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { GATEWAY_ENV, type GatewayEnv } from '../../config/env';
import { AnswersText } from '../../openapi/answers.decorator';

@ApiTags('config')
@Controller('api/config')
export class ConfigController {
  private readonly siteSettings: SiteSettings;

  constructor(
    private readonly bus: NatsBus,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {
    this.siteSettings = siteSettingsFrom(env);
  }

  /** The browser Maps key as plain text, or a text containing 'not configured' (the finder then lists results only). */
  @Get()
  @ApiOperation({ summary: 'The Google Maps browser key as plain text, or a text saying it is not configured' })
  @AnswersText('text/plain; charset=utf-8', 'the key, or a text containing "not configured"')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  mapsKey(): string {
    return this.env.GOOGLE_MAPS_API_KEY || MAPS_NOT_CONFIGURED_MESSAGE;
  }

  /**
   * The charity's contact details and donation pages. They change only with a restart, so browsers and the
   * service worker may keep an answer for a few minutes.
   */
  @Get('settings')
  @ApiOperation({ summary: "The site's public settings: charity facts, contact details and links" })
  @Header('Cache-Control', 'public, max-age=300')
  settings(): SiteSettings {
    return this.siteSettings;
  }

  @Get('ambulance-services')
  @ApiOperation({ summary: 'The ambulance services, as options for the forms' })
  ambulanceServices(): readonly Option[] {
    return AMBULANCE_SERVICE_OPTIONS;
  }

  @Get('manufacturers')
  @ApiOperation({ summary: 'The kit manufacturers, as options for the forms' })
  manufacturers(): Promise<Option[]> {
    return this.bus.request(KitsSubjects.manufacturers, {});
  }
}

/** Only what the environment sets: an unset (or blank) value is absent, so the web hides its line. */
export function siteSettingsFrom(env: GatewayEnv): SiteSettings {
  const set = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  const present = <T extends Record<string, string | undefined>>(values: T) =>
    Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
  return {
    contact: present({
      email: set(env.CHARITY_CONTACT_EMAIL),
      phone: set(env.CHARITY_CONTACT_PHONE),
      postalAddress: set(env.CHARITY_POSTAL_ADDRESS),
    }),
    donate: present({
      givingPlatformUrl: set(env.DONATE_GIVING_PLATFORM_URL),
      paymentServiceUrl: set(env.DONATE_PAYMENT_SERVICE_URL),
    }),
  };
}
