import { Logger, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { RedisStore } from 'connect-redis';
import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { createClient, type RedisClientType } from 'redis';
import { NatsBus, Readiness, httpLatency, httpRequests } from '@bleedkits/platform';
import type { GatewayEnv } from '../config/env';
import { contractValidationPipe } from '../errors/validation.pipe';
import { GatewayModule } from '../gateway.module';
import { noStoreByDefault } from '../security/no-store';
import { sameOriginOnly } from '../security/same-origin.middleware';
import { boundedJsonShape, jsonBodiesOnly, jsonBodyParser } from '../security/request-bodies';
import { applyHttpTimeouts, strictExpressAdapter } from './http-hardening';
import { serveWebApp } from '../web/serve-web-app';
import { serveFinderAheadOf } from '../routes/finder/finder-fast-path';
import { buildApiDescription } from '../openapi/api-description';
import '../sessions/session.types';
import { finderFailureLog, writeAccessLog } from './access-log';
import { startManagementServer } from './management-server';

export type Gateway = {
  app: NestExpressApplication;
  /** The internal port of /healthz, /readyz and /metrics (MANAGEMENT_PORT, or the free one picked for 0). */
  managementPort: number;
  /** Graceful stop: readiness turns false, in-flight requests finish, then NATS, Redis and the ports close. */
  close(): Promise<void>;
};

function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** Builds the HTTP gateway: sessions in Redis, security headers, same-origin rule, validation, docs, web app. */
export async function createGateway(env: GatewayEnv, logger?: LoggerService | false): Promise<Gateway> {
  const redis = createClient({ url: env.REDIS_URL }) as RedisClientType;
  redis.on('error', (e: Error) => new Logger('Redis').warn(e.message));
  await redis.connect();
  const ttlSeconds = env.SESSION_TTL_HOURS * 3600;
  const store = new RedisStore({ client: redis, prefix: `${env.REDIS_KEY_PREFIX}sess:`, ttl: ttlSeconds });

  // Strict, case-sensitive routing; JSON bodies are parsed below, after the content-type and same-origin checks.
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(env, redis, store), strictExpressAdapter(), {
    logger: logger ?? undefined,
    bodyParser: false,
  });
  applyHttpTimeouts(app.getHttpServer(), env);
  if (env.TRUST_PROXY) app.set('trust proxy', trustProxySetting(env.TRUST_PROXY));
  app.disable('x-powered-by');

  app.use((req: Request, res: Response, next: NextFunction) => {
    const end = httpLatency.startTimer();
    res.on('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path ?? (req.path.startsWith('/api') ? 'unmatched' : 'static');
      end({ method: req.method, route });
      httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  });

  const strictHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", 'https://maps.googleapis.com'],
        'img-src': ["'self'", 'data:', 'https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'],
        'connect-src': ["'self'", 'https://*.googleapis.com'],
        'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
        'font-src': ["'self'", 'https://fonts.gstatic.com', 'data:'],
      },
    },
  });
  const docsHeaders = helmet({ contentSecurityPolicy: false });
  app.use((req: Request, res: Response, next: NextFunction) => (req.path.startsWith('/api/docs') ? docsHeaders : strictHeaders)(req, res, next));
  app.use(noStoreByDefault());

  app.use(
    session({
      name: 'bk.sid',
      store,
      secret: env.SESSION_SECRET,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: env.NODE_ENV === 'production', maxAge: ttlSeconds * 1000, path: '/' },
    }),
  );
  app.use(sameOriginOnly([env.PUBLIC_BASE_URL, ...env.ALLOWED_ORIGINS.split(',').map((s) => s.trim())]));
  // JSON only (415 otherwise; multipart only where a route declares an upload), size-, depth- and NUL-checked.
  app.use(jsonBodiesOnly());
  app.use(jsonBodyParser(env.JSON_BODY_LIMIT_BYTES));
  app.use(boundedJsonShape({ maxDepth: env.JSON_MAX_DEPTH, maxValues: env.JSON_MAX_VALUES }));
  app.useGlobalPipes(contractValidationPipe());
  // Signals are handled by main.ts (stopOnSignals): a bounded graceful stop that also flushes traces.

  // Built on the first request for it, then kept (openapi/api-description.ts).
  SwaggerModule.setup('api/docs', app, () => buildApiDescription(app), { jsonDocumentUrl: 'api/docs/openapi.json' });

  if (env.SERVE_WEB) serveWebApp(app, env.WEB_DIST_DIR);

  await app.init();
  // The finder's hot map calls skip Express, sessions, HTML security headers and the Nest pipeline (finder-fast-path.ts).
  serveFinderAheadOf(app.getHttpServer(), app.get(NatsBus), env.finder, logger ? finderFailureLog(logger) : undefined);
  if (logger) writeAccessLog(app.getHttpServer(), logger);
  const readiness = app.get(Readiness);
  const management = await startManagementServer(readiness, env.MANAGEMENT_PORT);
  return {
    app,
    managementPort: management.port,
    async close() {
      readiness.markStopping();
      await app.close();
      await management.close();
      await redis.quit().catch(() => undefined);
    },
  };
}
