import { Logger, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { RedisStore } from 'connect-redis';
import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { createClient, type RedisClientType } from 'redis';
import { NatsBus, httpLatency, httpRequests } from '@bleedkits/platform';
import type { GatewayEnv } from '../config/env';
import { contractValidationPipe } from '../errors/validation.pipe';
import { GatewayModule } from '../gateway.module';
import { sameOriginOnly } from '../security/same-origin.middleware';
import { serveWebApp } from '../web/serve-web-app';
import { describeFinderRoutes, serveFinderAheadOf } from '../routes/finder/finder-fast-path';
import '../sessions/session.types';

export type Gateway = { app: NestExpressApplication; close(): Promise<void> };

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

  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(env, redis, store), {
    logger: logger ?? undefined,
    bodyParser: true,
  });
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
  app.use((req: Request, res: Response, next: NextFunction) =>
    (req.path.startsWith('/api/docs') ? docsHeaders : strictHeaders)(req, res, next),
  );

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
  app.useGlobalPipes(contractValidationPipe());
  app.enableShutdownHooks();

  const docConfig = new DocumentBuilder()
    .setTitle('UK Bleed Kit Register API')
    .setDescription('The documented /api surface of the register. Session cookie authentication (bk.sid).')
    .setVersion('1')
    .addCookieAuth('bk.sid')
    .build();
  SwaggerModule.setup('api/docs', app, () => describeFinderRoutes(SwaggerModule.createDocument(app, docConfig)), { jsonDocumentUrl: 'api/docs/openapi.json' });

  if (env.SERVE_WEB) serveWebApp(app, env.WEB_DIST_DIR);

  await app.init();
  // The finder's hot map calls skip Express, sessions, HTML security headers and the Nest pipeline (finder-fast-path.ts).
  serveFinderAheadOf(app.getHttpServer(), app.get(NatsBus));
  return {
    app,
    async close() {
      await app.close();
      await redis.quit().catch(() => undefined);
    },
  };
}
