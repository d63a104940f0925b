import { BadRequestException, Controller, Get, Inject, NotFoundException, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type PublicKit } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { GATEWAY_ENV, type GatewayEnv } from '../../config/env';

/** GET /api/bench/public-sql: the benchmark's SQL baseline. Answers 404 unless BENCH_SQL_BASELINE=true. */
@ApiExcludeController()
@Controller('api/bench')
export class SqlBaselineController {
  constructor(
    private readonly bus: NatsBus,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Get('public-sql')
  viewport(@Query() q: Record<string, string>): Promise<PublicKit[]> {
    if (!this.env.BENCH_SQL_BASELINE) throw new NotFoundException({ message: 'Not found' });
    const [north, south, east, west, zoom, limit] = ['north', 'south', 'east', 'west', 'zoom', 'limit'].map((k) =>
      Number(q[k] ?? (k === 'limit' ? 1000 : NaN)),
    );
    if (![north, south, east, west].every(Number.isFinite) || north <= south)
      throw new BadRequestException({ message: 'north, south, east and west must be numbers with north > south' });
    return this.bus.request(KitsSubjects.sqlViewportBaseline, { north, south, east, west, zoom, limit });
  }
}
