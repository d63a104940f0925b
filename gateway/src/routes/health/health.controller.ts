import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { RedisClientType } from 'redis';
import { HEALTH_SUBJECTS, type HealthReport, SERVICE_CONTEXTS, type ServiceContext } from '@bleedkits/contracts';
import { NatsBus, metricsRegistry } from '@bleedkits/platform';
import { GATEWAY_ENV, type GatewayEnv } from '../../config/env';
import { REDIS_CLIENT } from '../../sessions/redis.provider';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    private readonly bus: NatsBus,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClientType,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /** Each context's status and NATS round trip; 503 when any is down. */
  @Get('api/health')
  async health(@Res() res: Response): Promise<void> {
    const entries = await Promise.all(
      SERVICE_CONTEXTS.map(async (context: ServiceContext) => {
        const started = performance.now();
        try {
          await this.bus.request(HEALTH_SUBJECTS[context], {}, this.env.HEALTH_TIMEOUT_MS);
          return [context, { status: 'up' as const, latencyMs: Math.round((performance.now() - started) * 10) / 10 }] as const;
        } catch (e) {
          return [context, { status: 'down' as const, latencyMs: null, error: (e as Error).message }] as const;
        }
      }),
    );
    const services = Object.fromEntries(entries) as HealthReport['services'];
    const up = entries.every(([, s]) => s.status === 'up');
    const report: HealthReport = { status: up ? 'up' : 'down', services };
    res.status(up ? 200 : 503).json(report);
  }

  @Get('healthz')
  @ApiExcludeEndpoint()
  live() {
    return { status: 'up' };
  }

  /** Ready when NATS and Redis answer; the orchestrator sends no traffic before. */
  @Get('readyz')
  @ApiExcludeEndpoint()
  async ready(@Res() res: Response): Promise<void> {
    const redis = await this.redis.ping().then(() => true, () => false);
    const nats = this.bus.status === 'connected';
    res.status(redis && nats ? 200 : 503).json({ status: redis && nats ? 'up' : 'down', redis, nats });
  }

  @Get('metrics')
  @ApiExcludeEndpoint()
  async metrics(@Res() res: Response): Promise<void> {
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  }
}
