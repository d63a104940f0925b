import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { RedisClientType } from 'redis';
import { HEALTH_SUBJECTS, type HealthReport, SERVICE_CONTEXTS, type ServiceContext } from '@bleedkits/contracts';
import { NatsBus, Readiness } from '@bleedkits/platform';
import { GATEWAY_ENV, type GatewayEnv } from '../../config/env';
import { REDIS_CLIENT } from '../../sessions/redis.provider';
import { Answers } from '../../openapi/answers.decorator';

/**
 * The whole-system view (`/api/health`) and the gateway's own probes. The probes answer here on the public port
 * (the web app's fallback never shadows them) and, with the metrics, on the internal MANAGEMENT_PORT
 * (bootstrap/management-server.ts), which is what orchestrators and Prometheus use.
 */
@ApiTags('status')
@Controller()
export class HealthController {
  constructor(
    private readonly bus: NatsBus,
    @Inject(REDIS_CLIENT) redis: RedisClientType,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
    private readonly readiness: Readiness,
  ) {
    // Ready when NATS and Redis (sessions, rate limits) answer; the orchestrator sends no traffic before.
    readiness.register('nats', () => bus.status === 'connected');
    readiness.register('redis', async () => (await redis.ping()) === 'PONG');
  }

  /** Each context's status and NATS round trip; 503 when any is down. */
  @Get('api/health')
  @ApiOperation({ summary: "Each context's status and NATS round trip; 503 when any is down" })
  @Answers<HealthReport>(200)
  @Answers<HealthReport>(503)
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

  @Get('readyz')
  @ApiExcludeEndpoint()
  async ready(@Res() res: Response): Promise<void> {
    const { ready, body } = await this.readiness.report();
    res.status(ready ? 200 : 503).json(body);
  }
}
