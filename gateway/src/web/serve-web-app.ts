import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';

function defaultWebDist(): string {
  try {
    return path.join(path.dirname(require.resolve('@bleedkits/web/package.json')), 'dist');
  } catch {
    return path.resolve(process.cwd(), 'web/dist');
  }
}

/**
 * Serves the built web app and answers any other non-API GET with index.html (history fallback),
 * so deep links such as /account-settings load the app. Unknown /api paths stay JSON 404s.
 */
export function serveWebApp(app: NestExpressApplication, configuredDir: string): void {
  const dir = configuredDir || defaultWebDist();
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) {
    new Logger('WebApp').warn(`no built web app at ${dir}; run the build to serve it`);
    return;
  }
  app.useStaticAssets(dir, { index: false, maxAge: '1h', setHeaders: (res, file) => {
    // Vite fingerprints assets; they can be cached for a year. index.html must never be.
    if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.path.startsWith('/api') || !req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
