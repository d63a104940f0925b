import type { INestApplication, INestMicroservice, Type, DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceContext } from '@bleedkits/contracts';
import { CodedRpcExceptionFilter } from '../errors/rpc-exception.filter';
import { NatsMetricsInterceptor } from '../health/metrics';
import { PinoNestLogger, createLogger } from '../logging/logger';
import { natsMicroserviceOptions } from '../nats/nats-transport';
import { NatsTraceInterceptor } from '../tracing/nats-trace.interceptor';

export type ServiceBootstrapOptions = {
  context: ServiceContext;
  module: Type<unknown> | DynamicModule;
  natsUrl: string;
  httpPort: number;
};

/** Wires the filters and interceptors every NATS listener of the register shares. */
export function configureMicroservice(ms: INestMicroservice): void {
  ms.useGlobalFilters(new CodedRpcExceptionFilter());
  ms.useGlobalInterceptors(new NatsTraceInterceptor(), new NatsMetricsInterceptor());
}

/**
 * A service process: HTTP for liveness, readiness and metrics first (so the orchestrator sees it alive while
 * it waits for NATS), then the NATS listener in the context's queue group. SIGTERM drains NATS and closes pools.
 */
export async function bootstrapService(options: ServiceBootstrapOptions): Promise<INestApplication> {
  const logger = new PinoNestLogger(createLogger(options.context));
  const app = await NestFactory.create(options.module, { logger, bufferLogs: true });
  app.enableShutdownHooks();
  const ms = app.connectMicroservice(natsMicroserviceOptions(options.context, options.natsUrl));
  configureMicroservice(ms);
  await app.listen(options.httpPort, '0.0.0.0');
  await app.startAllMicroservices();
  logger.log({ msg: 'service started', context: options.context, httpPort: options.httpPort });
  return app;
}
