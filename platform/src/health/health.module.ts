import { Controller, type DynamicModule, Get, HttpCode, Inject, Module, Optional, Res } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { type ServiceContext, type ServiceHealth, healthSubject } from '@bleedkits/contracts';
import { NatsBus } from '../nats/nats-bus';
import { observeDatabase } from '../metrics/postgres-gauge';
import { observedQueues } from '../queues/queue-metrics';
import { metricsRegistry } from './metrics';
import { ProbesModule } from './probes.module';
import { Readiness } from './readiness';

const startedAt = Date.now();

async function databaseUp(dataSource: DataSource): Promise<boolean> {
  try {
    await dataSource.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** Redis answers for every queue this process produces to or works on (none: nothing to check). */
async function queuesReachable(): Promise<boolean> {
  for (const queue of observedQueues()) await ((await queue.client) as unknown as { ping(): Promise<string> }).ping();
  return true;
}

/**
 * The health subject answered over NATS (for /api/health), plus the process's probes on its own HTTP port:
 * `/healthz` (alive: the event loop answers), `/readyz` (terminus: database, NATS listener, NATS client, Redis where
 * queues are used, and whatever the context registers) and `/metrics` (Prometheus). A context without a database
 * (geo-search) imports no DatabaseModule: no database check, and its health answers `database: 'none'`.
 */
@Module({})
export class HealthModule {
  static forContext(context: ServiceContext, version = process.env.npm_package_version ?? '0.1.0'): DynamicModule {
    @Controller()
    class HealthController {
      constructor(
        private readonly readiness: Readiness,
        @Optional() bus?: NatsBus,
        @Optional() @Inject(getDataSourceToken()) private readonly dataSource?: DataSource,
      ) {
        if (dataSource) {
          readiness.register('database', () => databaseUp(dataSource));
          observeDatabase(dataSource);
        }
        if (bus) readiness.register('nats-client', () => bus.status === 'connected');
        readiness.register('redis', queuesReachable);
      }

      @MessagePattern(healthSubject(context))
      async health(): Promise<ServiceHealth> {
        const database = !this.dataSource ? 'none' : (await databaseUp(this.dataSource)) ? 'up' : 'down';
        return { service: context, status: 'up', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000), database, version };
      }

      @Get('healthz')
      @HttpCode(200)
      live() {
        return { status: 'up' };
      }

      @Get('readyz')
      async ready(@Res() res: Response) {
        const { ready, body } = await this.readiness.report();
        res.status(ready ? 200 : 503).json(body);
      }

      @Get('metrics')
      async metrics(@Res() res: Response) {
        res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
      }
    }
    return { module: HealthModule, imports: [ProbesModule], controllers: [HealthController], exports: [ProbesModule] };
  }
}
