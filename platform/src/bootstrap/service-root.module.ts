import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { CodedRpcExceptionFilter } from '../errors/rpc-exception.filter';
import { NatsMetricsInterceptor } from '../health/metrics';
import { NatsTraceInterceptor } from '../tracing/nats-trace.interceptor';
import { WireRequestInterceptor } from '../nats/wire-request.interceptor';

@Module({})
export class ServiceRootModule {}

/**
 * A context's module wrapped with the enhancers every NATS handler of the register shares, as global providers:
 * Nest applies APP_* providers while it builds the application, before any listener exists, so they reach every
 * handler (`useGlobal*` after `connectMicroservice` came too late and was ignored with "Cannot apply global ...").
 * Interceptors run in this order: the trace span first, so the metrics timer runs inside it; then the typed wire's
 * check of the request, so a refused request is traced and counted too.
 */
export function serviceRootModule(module: Type<unknown> | DynamicModule): DynamicModule {
  return {
    module: ServiceRootModule,
    imports: [module],
    providers: [
      { provide: APP_FILTER, useClass: CodedRpcExceptionFilter },
      { provide: APP_INTERCEPTOR, useClass: NatsTraceInterceptor },
      { provide: APP_INTERCEPTOR, useClass: NatsMetricsInterceptor },
      { provide: APP_INTERCEPTOR, useClass: WireRequestInterceptor },
    ],
  };
}
