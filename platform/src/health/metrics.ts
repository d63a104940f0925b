import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { type Observable, tap } from 'rxjs';

/** One Prometheus registry per process; /metrics serves it. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Handler time of every NATS request a service answers (Nest handlers through the interceptor; geo-search's raw hot subjects directly). */
export const natsHandlerSeconds = new Histogram({
  name: 'bk_nats_handler_seconds',
  help: 'Time to handle a NATS request, by subject and outcome',
  labelNames: ['subject', 'outcome'],
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metricsRegistry],
});

/** Coded errors answered over NATS (the RPC filter counts them), so a dashboard shows which codes a subject answers. */
export const natsErrors = new Counter({
  name: 'bk_nats_errors_total',
  help: 'Errors answered over NATS, by subject and error code',
  labelNames: ['subject', 'code'],
  registers: [metricsRegistry],
});

export const httpRequests = new Counter({
  name: 'bk_http_requests_total',
  help: 'HTTP requests by route and status',
  labelNames: ['method', 'route', 'status'],
  registers: [metricsRegistry],
});

export const httpLatency = new Histogram({
  name: 'bk_http_request_seconds',
  help: 'HTTP request latency by route',
  labelNames: ['method', 'route'],
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

@Injectable()
export class NatsMetricsInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const subject = ctx.switchToRpc().getContext<NatsContext>().getSubject();
    const end = natsHandlerSeconds.startTimer({ subject });
    return next.handle().pipe(tap({ next: () => end({ outcome: 'ok' }), error: () => end({ outcome: 'error' }) }));
  }
}
