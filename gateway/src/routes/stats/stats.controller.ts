import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import { type StatisticsResponse, type StatsResponse } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';

@ApiTags('statistics')
@Controller('api')
export class StatsController {
  constructor(private readonly bus: NatsBus) {}

  /** Polled every 60 s by every open page; the kits context answers from a short cache. */
  @Get('stats')
  @ApiOperation({ summary: 'The number of registered public kits (the finder counter)' })
  @Header('Cache-Control', 'public, max-age=30')
  stats(): Promise<StatsResponse> {
    return this.bus.request(KitsSubjects.stats, {});
  }

  @Get('statistics')
  @ApiOperation({ summary: 'Statistics of the register: active kits, verification, and counts by access type, ambulance service, make and status' })
  @Header('Cache-Control', 'public, max-age=60')
  statistics(): Promise<StatisticsResponse> {
    return this.bus.request(KitsSubjects.statistics, {});
  }
}
