import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { context as otelContext, propagation, SpanKind, trace } from '@opentelemetry/api';
import { type Observable, finalize } from 'rxjs';

const tracer = trace.getTracer('bleedkits-nats');

/** Continues the caller's trace across the NATS hop: the gateway injects traceparent into the message headers. */
@Injectable()
export class NatsTraceInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const nats = ctx.switchToRpc().getContext<NatsContext>();
    const carrier: Record<string, string> = {};
    const hdrs = nats.getHeaders?.();
    if (hdrs) for (const key of ['traceparent', 'tracestate']) if (hdrs.has(key)) carrier[key] = hdrs.get(key);
    const parent = propagation.extract(otelContext.active(), carrier);
    const span = tracer.startSpan(`nats ${nats.getSubject()}`, { kind: SpanKind.SERVER }, parent);
    return otelContext.with(trace.setSpan(parent, span), () => next.handle().pipe(finalize(() => span.end())));
  }
}
