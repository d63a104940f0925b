import { ExpressAdapter } from '@nestjs/platform-express';
import express from 'express';
import type { Server } from 'node:http';
import type { GatewayEnv } from '../config/env';

/**
 * An Express application whose router is strict and case-sensitive: `/API/kit-status`, `/api/kit-status/` and
 * `/api//kit-status` route nowhere (404) instead of reaching the handler under a spelling the security rules
 * might not recognise. Must be set before Nest's adapter touches the router, so the instance is made here.
 */
export function strictExpressAdapter(): ExpressAdapter {
  const instance = express();
  instance.set('case sensitive routing', true);
  instance.set('strict routing', true);
  return new ExpressAdapter(instance);
}

/**
 * Slow clients cannot hold connections: all headers within HTTP_HEADERS_TIMEOUT_MS, the whole request within
 * HTTP_REQUEST_TIMEOUT_MS (answered 408 and closed), idle keep-alive connections closed after
 * HTTP_KEEP_ALIVE_TIMEOUT_MS. Node checks the first two on an interval (30 s by default, read when the server
 * starts listening), so the interval is set too. A request whose body has arrived is not timed: a long handler
 * (an export) is not cut off.
 */
export function applyHttpTimeouts(
  server: Server,
  env: Pick<GatewayEnv, 'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS' | 'HTTP_TIMEOUT_CHECK_INTERVAL_MS'>,
): void {
  server.headersTimeout = env.HTTP_HEADERS_TIMEOUT_MS;
  server.requestTimeout = env.HTTP_REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = env.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = env.HTTP_TIMEOUT_CHECK_INTERVAL_MS;
}
