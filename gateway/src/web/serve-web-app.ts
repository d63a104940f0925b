import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isReservedPath, loadStaticAssets } from './static-assets';

function defaultWebDist(): string {
  try {
    return path.join(path.dirname(require.resolve('@bleedkits/web/package.json')), 'dist');
  } catch {
    return path.resolve(process.cwd(), 'web/dist');
  }
}

/**
 * Serves the built web app (precompressed, long-cached hashed assets, index.html revalidated) and answers any
 * other browser GET with index.html (history fallback), so deep links such as /account-settings load the app.
 * The fallback never answers a reserved path (/api, the probes, the metrics), whatever the client's Accept says:
 * kubelet, Prometheus and Docker accept any type, and must get the route's own answer or a 404.
 */
export function serveWebApp(app: NestExpressApplication, configuredDir: string): void {
  const dir = configuredDir || defaultWebDist();
  if (!existsSync(path.join(dir, 'index.html'))) {
    new Logger('WebApp').warn(`no built web app at ${dir}; run the build to serve it`);
    return;
  }
  const assets = loadStaticAssets(dir);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isReservedPath(req.path)) return next();
    const asset = assets.find(req.path);
    if (asset) return assets.send(req, res, asset, next);
    // A missing file (an old hashed chunk, a typo) is a 404, not the app's HTML under a script's name.
    if (path.extname(req.path) || !req.accepts('html')) return next();
    assets.send(req, res, assets.index, next);
  });
}
