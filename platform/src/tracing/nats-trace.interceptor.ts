import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { SpanKind, SpanStatusCode, context as otelContext, propagation, trace } from '@opentelemetry/api';
import { Observable } from 'rxjs';

const tracer = trace.getTracer('bleedkits-nats');

/**
 * Continues the caller's trace across the NATS hop: the caller (NatsBus) injects traceparent into the message
 * headers. The handler runs when the answer is subscribed to, which happens after this method returns, so the span's
 * context is made active around the subscription itself: that is what puts the handler's SQL spans under it.
 */
@Injectable()
export class NatsTraceInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const nats = ctx.switchToRpc().getContext<NatsContext>();
    const carrier: Record<string, string> = {};
    const hdrs = nats.getHeaders?.();
    if (hdrs) for (const key of ['traceparent', 'tracestate']) if (hdrs.has(key)) carrier[key] = hdrs.get(key);
    const parent = propagation.extract(otelContext.active(), carrier);
    const subject = nats.getSubject();
    const span = tracer.startSpan(
      `nats ${subject}`,
      { kind: SpanKind.SERVER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } },
      parent,
    );
    const active = trace.setSpan(parent, span);
    let ended = false;
    const end = (error?: unknown) => {
      if (ended) return;
      ended = true;
      if (error !== undefined) {
        const code = (error as { body?: { code?: unknown } })?.body?.code ?? (error as { code?: unknown })?.code;
        span.setStatus({ code: SpanStatusCode.ERROR, message: typeof code === 'string' ? code : 'error' });
      }
      span.end();
    };
    return new Observable((subscriber) =>
      otelContext.with(active, () => {
        const subscription = next.handle().subscribe({
          next: (value) => subscriber.next(value),
          error: (error: unknown) => {
            end(error);
            subscriber.error(error);
          },
          complete: () => {
            end();
            subscriber.complete();
          },
        });
        return () => {
          subscription.unsubscribe();
          end();
        };
      }),
    );
  }
}
