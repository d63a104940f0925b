import { Controller, type DynamicModule, Get, HttpCode, Module, Res } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { type ServiceContext, type ServiceHealth, healthSubject } from '@bleedkits/contracts';
import { metricsRegistry } from './metrics';

const startedAt = Date.now();

async function databaseUp(dataSource: DataSource): Promise<boolean> {
  try {
    await dataSource.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** The health subject answered over NATS (for /api/health), plus /healthz, /readyz and /metrics over HTTP. */
@Module({})
export class HealthModule {
  static forContext(context: ServiceContext, version = process.env.npm_package_version ?? '0.1.0'): DynamicModule {
    @Controller()
    class HealthController {
      constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

      @MessagePattern(healthSubject(context))
      async health(): Promise<ServiceHealth> {
        const database = (await databaseUp(this.dataSource)) ? 'up' : 'down';
        return { service: context, status: 'up', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000), database, version };
      }

      @Get('healthz')
      @HttpCode(200)
      live() {
        return { status: 'up' };
      }

      @Get('readyz')
      async ready(@Res() res: Response) {
        const db = await databaseUp(this.dataSource);
        res.status(db ? 200 : 503).json({ status: db ? 'up' : 'down', database: db ? 'up' : 'down' });
      }

      @Get('metrics')
      async metrics(@Res() res: Response) {
        res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
      }
    }
    return { module: HealthModule, controllers: [HealthController] };
  }
}
