import type { LoggerService } from '@nestjs/common';
import { trace } from '@opentelemetry/api';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { HOT_FINDER_ROUTES } from '../routes/finder/finder-fast-path';

/**
 * One JSON line per HTTP request the gateway answers (the finder's fast path included): method, route pattern,
 * status, duration and trace id. Deliberately no URL, query string, header or body: a query can carry a reset token,
 * a header the session cookie, a body a password.
 */
export function writeAccessLog(server: Server, logger: LoggerService): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    // The HTTP server span is active while the request is being dispatched; the log line is written later.
    const traceId = trace.getActiveSpan()?.spanContext().traceId;
    res.once('finish', () => {
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

function routeOf(req: IncomingMessage): string {
  const pattern = (req as IncomingMessage & { route?: { path?: unknown } }).route?.path;
  if (typeof pattern === 'string') return pattern;
  const path = (req.url ?? '/').split('?')[0];
  if (path in HOT_FINDER_ROUTES) return path;
  if (path === '/healthz' || path === '/readyz') return path;
  return path.startsWith('/api') ? 'unmatched' : 'static';
}
