import type { NextFunction, Request, Response } from 'express';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Paths the web app never answers, whatever the client accepts: the API, the probes and the metrics. */
export const RESERVED_PATHS = ['/api', '/healthz', '/readyz', '/livez', '/metrics'] as const;

export function isReservedPath(urlPath: string): boolean {
  return RESERVED_PATHS.some((p) => urlPath === p || urlPath.startsWith(`${p}/`));
}

/** Vite fingerprints everything under /assets/ (the name changes with the content): cached for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) is revalidated on every use, so a release is seen at once. */
export const REVALIDATE = 'no-cache';

type Asset = { file: string; br: boolean; gzip: boolean; cacheControl: string };
export type StaticAssets = {
  index: Asset;
  find(urlPath: string): Asset | undefined;
  send(req: Request, res: Response, asset: Asset, next: NextFunction): void;
};

function listFiles(dir: string, base = dir, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, base, out);
    else if (entry.isFile()) out.push(path.relative(base, full));
  }
  return out;
}

/**
 * The built web app, read once at start (a release never changes its files): a map from URL path to file, so no
 * request path is ever joined onto the disk path. Each text file may have `.br` and `.gz` siblings written at build
 * time (web/build/precompress.ts); the smallest form the browser accepts is sent with its Content-Encoding and
 * `Vary: Accept-Encoding`, with the original's Content-Type.
 */
export function loadStaticAssets(dir: string): StaticAssets {
  const files = new Set(listFiles(dir).map((f) => f.split(path.sep).join('/')));
  const assets = new Map<string, Asset>();
  for (const rel of files) {
    if (rel.endsWith('.br') || rel.endsWith('.gz') || rel.endsWith('.map')) continue;
    assets.set(`/${rel}`, {
      file: path.join(dir, rel),
      br: files.has(`${rel}.br`),
      gzip: files.has(`${rel}.gz`),
      cacheControl: rel.startsWith('assets/') ? IMMUTABLE : REVALIDATE,
    });
  }
  const index = assets.get('/index.html');
  if (!index) throw new Error(`no index.html in ${dir}`);
  return {
    index,
    find: (urlPath) => assets.get(urlPath),
    send(req, res, asset, next) {
      // Our preference, not the order the client lists them in: brotli is a fifth smaller than gzip here.
      const encoding =
        asset.br && req.acceptsEncodings('br') === 'br' ? 'br' : asset.gzip && req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : 'identity';
      const file = encoding === 'br' ? `${asset.file}.br` : encoding === 'gzip' ? `${asset.file}.gz` : asset.file;
      const headers: Record<string, string> = { 'Cache-Control': asset.cacheControl };
      if (asset.br || asset.gzip) headers.Vary = 'Accept-Encoding';
      if (encoding === 'br' || encoding === 'gzip') {
        headers['Content-Encoding'] = encoding;
        // The type of what was compressed, not of the .br/.gz file (send keeps a Content-Type already set).
        res.type(path.extname(asset.file));
        headers['Content-Type'] = String(res.getHeader('Content-Type'));
      }
      res.sendFile(file, { headers, cacheControl: false, dotfiles: 'deny' }, (err?: Error) => {
        if (err && !res.headersSent) next(err);
      });
    },
  };
}
