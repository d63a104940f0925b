import type { LoggerService } from '@nestjs/common';
import { trace } from '@opentelemetry/api';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { HOT_FINDER_ROUTES } from '../routes/finder/finder-fast-path';

/**
 * One JSON line per HTTP request the gateway answers: method, route pattern, status, duration and trace id.
 * Deliberately no URL, query string, header or body: a query can carry a reset token, a header the session cookie, a
 * body a password. The public finder's successful answers are the exception: they are counted and timed by the
 * metrics (bk_http_requests_total, bk_http_request_seconds), and a log line each cost as much CPU as the answer
 * itself (bench:geo, hot mix); its errors are logged like any other.
 */
export function writeAccessLog(server: Server, logger: LoggerService): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    // The HTTP server span is active while the request is being dispatched; the log line is written later.
    const traceId = trace.getActiveSpan()?.spanContext().traceId;
    res.once('finish', () => {
      if (res.statusCode < 400 && isFinderAnswer(req)) return;
      logger.log(
        {
          msg: 'request',
          method: req.method,
          route: routeOf(req),
          status: res.statusCode,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          traceId,
        },
        'Access',
      );
    });
  });
}

function isFinderAnswer(req: IncomingMessage): boolean {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return (q < 0 ? url : url.slice(0, q)) in HOT_FINDER_ROUTES;
}

function routeOf(req: IncomingMessage): string {
  const pattern = (req as IncomingMessage & { route?: { path?: unknown } }).route?.path;
  if (typeof pattern === 'string') return pattern;
  const path = (req.url ?? '/').split('?')[0];
  if (path in HOT_FINDER_ROUTES) return path;
  if (path === '/healthz' || path === '/readyz') return path;
  return path.startsWith('/api') ? 'unmatched' : 'static';
}
