import type { ServerResponse } from 'node:http';
import { httpLatency, httpRequests } from '@bleedkits/platform';

type LatencyChild = ReturnType<typeof httpLatency.labels>;
type RequestsChild = ReturnType<typeof httpRequests.labels>;

/**
 * The gateway's HTTP metrics for the finder's routes, counted as every other route is (bk_http_request_seconds,
 * bk_http_requests_total). Each label set's child is made once (`labels()` on every answer built its closures
 * again); an observation still costs prom-client's own label check, about a microsecond an answer.
 */
export class FinderRequestMetrics {
  private readonly latency = new Map<string, LatencyChild>();
  private readonly requests = new Map<string, RequestsChild>();

  /** Times the request and counts it by status when its answer has been sent. */
  observe(method: string, route: string, res: ServerResponse): void {
    const started = performance.now();
    res.once('finish', () => {
      this.latencyOf(method, route).observe((performance.now() - started) / 1000);
      this.requestsOf(method, route, res.statusCode).inc();
    });
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
