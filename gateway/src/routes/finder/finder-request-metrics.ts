import type { IncomingMessage, ServerResponse } from 'node:http';
import { trace } from '@opentelemetry/api';
import { httpLatency, httpRequests } from '@bleedkits/platform';

type LatencyChild = ReturnType<typeof httpLatency.labels>;
type RequestsChild = ReturnType<typeof httpRequests.labels>;

/** Told of a finder answer that failed (status 400 and above), once it has been sent: the access log's line. */
export type FinderFailureLog = (req: IncomingMessage, status: number, durationMs: number, traceId: string | undefined) => void;

/** The trace of the request being dispatched (the HTTP server span is active only until its handler returns). */
const activeTraceId = () => trace.getActiveSpan()?.spanContext().traceId;

/**
 * The gateway's HTTP metrics for the finder's routes, counted as every other route is (bk_http_request_seconds,
 * bk_http_requests_total). Each label set's child is made once (`labels()` on every answer built its closures
 * again); an observation still costs prom-client's own label check, about a microsecond an answer. A failed answer
 * is also handed to `logFailure` (the finder's routes are not in the access log otherwise).
 */
export class FinderRequestMetrics {
  private readonly latency = new Map<string, LatencyChild>();
  private readonly requests = new Map<string, RequestsChild>();

  constructor(private readonly logFailure?: FinderFailureLog) {}

  /** Times the request and counts it by status when its answer has been sent. */
  observe(method: string, route: string, req: IncomingMessage, res: ServerResponse, startedAt = performance.now()): void {
    const traceId = this.logFailure ? activeTraceId() : undefined;
    res.once('finish', () => this.answered(method, route, req, res.statusCode, startedAt, traceId));
  }

  /**
   * Counts an answer already written whole (a kept answer: one writeHead and one end, no listener to register on
   * the busiest path).
   */
  answered(method: string, route: string, req: IncomingMessage, status: number, startedAt: number, traceId?: string): void {
    const seconds = (performance.now() - startedAt) / 1000;
    this.latencyOf(method, route).observe(seconds);
    this.requestsOf(method, route, status).inc();
    if (status >= 400) this.logFailure?.(req, status, seconds * 1000, traceId ?? activeTraceId());
  }

  private latencyOf(method: string, route: string): LatencyChild {
    const id = `${method} ${route}`;
    let child = this.latency.get(id);
    if (!child) this.latency.set(id, (child = httpLatency.labels({ method, route })));
    return child;
  }

  private requestsOf(method: string, route: string, status: number): RequestsChild {
    const id = `${method} ${route} ${status}`;
    let child = this.requests.get(id);
    if (!child) this.requests.set(id, (child = httpRequests.labels({ method, route, status: String(status) })));
    return child;
  }
}
