import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AMBULANCE_SERVICE_OPTIONS, KitsSubjects, MAPS_NOT_CONFIGURED_MESSAGE, type Option } from '@bleedkits/contracts';
import { NatsBus } from '@bleedkits/platform';
import { GATEWAY_ENV, type GatewayEnv } from '../../config/env';

@ApiTags('config')
@Controller('api/config')
export class ConfigController {
  constructor(
    private readonly bus: NatsBus,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /** The browser Maps key as plain text, or a text containing 'not configured' (the finder then lists results only). */
  @Get()
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  mapsKey(): string {
    return this.env.GOOGLE_MAPS_API_KEY || MAPS_NOT_CONFIGURED_MESSAGE;
  }

  @Get('ambulance-services')
  ambulanceServices(): readonly Option[] {
    return AMBULANCE_SERVICE_OPTIONS;
  }

  @Get('manufacturers')
  manufacturers(): Promise<Option[]> {
    return this.bus.request(KitsSubjects.manufacturers, {});
  }
}
