import type { LoggerService } from '@nestjs/common';
import { trace } from '@opentelemetry/api';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { HOT_FINDER_ROUTES } from '../routes/finder/finder-fast-path';
import type { FinderFailureLog } from '../routes/finder/finder-request-metrics';

/**
 * One JSON line per HTTP request the gateway answers: method, route pattern, status, duration and trace id.
 * Deliberately no URL, query string, header or body: a query can carry a reset token, a header the session cookie, a
 * body a password. The public finder's successful answers are the exception: they are counted and timed by the
 * metrics (bk_http_requests_total, bk_http_request_seconds), and a log line each cost as much CPU as the answer
 * itself (bench:geo, hot mix); its failures are logged like any other request by the finder itself
 * (finderFailureLog), so that its busiest answers register no listener here at all.
 */
export function writeAccessLog(server: Server, logger: LoggerService): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (isFinderAnswer(req)) return;
    const started = performance.now();
    // The HTTP server span is active while the request is being dispatched; the log line is written later.
    const traceId = trace.getActiveSpan()?.spanContext().traceId;
    res.once('finish', () => logRequest(logger, req, res.statusCode, performance.now() - started, traceId));
  });
}

/** The access log's line for the finder's failed answers (its successful ones are only counted). */
export function finderFailureLog(logger: LoggerService): FinderFailureLog {
  return (req, status, durationMs, traceId) => logRequest(logger, req, status, durationMs, traceId);
}

function logRequest(logger: LoggerService, req: IncomingMessage, status: number, durationMs: number, traceId: string | undefined): void {
  logger.log({ msg: 'request', method: req.method, route: routeOf(req), status, durationMs: Math.round(durationMs * 10) / 10, traceId }, 'Access');
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
