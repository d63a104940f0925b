import type { DynamicModule, INestApplication, INestMicroservice, LoggerService, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import type { ServiceContext } from '@bleedkits/contracts';
import { readServiceEnv } from '../config/env';
import { CodedRpcExceptionFilter } from '../errors/rpc-exception.filter';
import { NatsMetricsInterceptor } from '../health/metrics';
import { Readiness } from '../health/readiness';
import { PinoNestLogger, createLogger } from '../logging/logger';
import { type DrainingNatsServer, natsMicroserviceOptions } from '../nats/nats-transport';
import { NatsTraceInterceptor } from '../tracing/nats-trace.interceptor';
import { WireRequestInterceptor } from '../nats/wire-request.interceptor';
import { stopOnSignals } from './graceful-stop';
import { serviceRootModule } from './service-root.module';

export type ServiceBootstrapOptions = {
  context: ServiceContext;
  module: Type<unknown> | DynamicModule;
  natsUrl: string;
  /** Liveness, readiness and metrics; 0 picks a free port. */
  httpPort: number;
  /** Where the probe port listens (0.0.0.0 in containers; tests use loopback). */
  httpHost?: string;
  /** The process's logger; false for none (in-process tests). Default: JSON lines on stdout. */
  logger?: LoggerService | false;
  /** Upper bound of a graceful stop (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs?: number;
};

export type RunningService = {
  app: INestApplication;
  /** The NATS listener (in the context's queue group). */
  microservice: INestMicroservice;
  /** The port the probes and metrics answer on. */
  httpPort: number;
  /**
   * Graceful stop: readiness turns false, the listener leaves its queue group (other replicas take every new
   * request), what was already received is answered, then the application closes (NATS drained, pools closed).
   */
  stop(): Promise<void>;
};

/**
 * The one way a service process starts, used by main.ts (through bootstrapService) and by the test harness alike.
 * The filter and interceptors are global providers of the application (serviceRootModule), and the NATS listener
 * inherits the application's configuration, so they are in place before anything listens. HTTP probes start first,
 * so the orchestrator sees the process alive while it waits for NATS; readiness stays false until NATS, the database
 * and Redis (where used) answer.
 */
export async function startService(options: ServiceBootstrapOptions): Promise<RunningService> {
  const logger = options.logger ?? new PinoNestLogger(createLogger(options.context));
  const app = await NestFactory.create(serviceRootModule(options.module), { logger, bufferLogs: logger !== false });
  const transport = natsMicroserviceOptions(options.context, options.natsUrl);
  const listener = (transport as { strategy: DrainingNatsServer }).strategy;
  const microservice = app.connectMicroservice(transport, { inheritAppConfig: true });
  const readiness = optionalReadiness(app);
  readiness?.register('nats', () => listener.isConnected());

  await app.listen(options.httpPort, options.httpHost ?? '0.0.0.0');
  const httpPort = (app.getHttpServer().address() as AddressInfo).port;
  await app.startAllMicroservices();

  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? readServiceEnv().SHUTDOWN_TIMEOUT_MS;
  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      readiness?.markStopping();
      // Most of the budget goes to requests in flight; the rest to closing pools and draining the connection.
      await listener.stopTakingWork(Math.max(0, shutdownTimeoutMs - 2000));
      await app.close();
    })());
  if (logger !== false) logger.log({ msg: 'service started', context: options.context, httpPort });
  return { app, microservice, httpPort, stop };
}

/** A service process (main.ts): startService, plus the graceful stop on SIGTERM / SIGINT within SHUTDOWN_TIMEOUT_MS. */
export async function bootstrapService(options: ServiceBootstrapOptions): Promise<INestApplication> {
  const logger = options.logger ?? new PinoNestLogger(createLogger(options.context));
  const service = await startService({ ...options, logger });
  stopOnSignals(service.stop, {
    timeoutMs: options.shutdownTimeoutMs ?? readServiceEnv().SHUTDOWN_TIMEOUT_MS,
    logger: logger || new PinoNestLogger(createLogger(options.context)),
  });
  return service.app;
}

/**
 * For a standalone Nest microservice built by hand (tests of the transport itself): the same filter and
 * interceptors, applied before its listen(). Services go through startService instead.
 */
export function configureMicroservice(ms: INestMicroservice): void {
  ms.useGlobalFilters(new CodedRpcExceptionFilter());
  ms.useGlobalInterceptors(new NatsTraceInterceptor(), new NatsMetricsInterceptor(), new WireRequestInterceptor());
}

function optionalReadiness(app: INestApplication): Readiness | undefined {
  try {
    return app.get(Readiness, { strict: false });
  } catch {
    return undefined;
  }
}
