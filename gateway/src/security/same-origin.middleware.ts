import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GETs that change data (the spec's approve/reject call) get the same protection as a POST. */
const SIDE_EFFECT_GETS = ['/api/kit-status'];

/**
 * No cross-site request may change data. Browsers send Sec-Fetch-Site and Origin on such requests;
 * a request without either (curl, server-to-server) cannot carry a victim's cookie from another site.
 */
export function sameOriginOnly(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins.filter(Boolean).map((o) => new URL(o).origin));
  return (req: Request, res: Response, next: NextFunction) => {
    const guarded = !SAFE_METHODS.has(req.method) || SIDE_EFFECT_GETS.some((p) => req.path === p);
    if (!guarded || !req.path.startsWith('/api/')) return next();
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return refuse(res);
    const origin = req.get('origin');
    if (origin && origin !== 'null') {
      const own = `${req.protocol}://${req.get('host')}`;
      if (origin !== own && !allowed.has(origin)) return refuse(res);
    } else if (origin === 'null') {
      return refuse(res);
    }
    return next();
  };
}

function refuse(res: Response) {
  res.status(403).json({ message: 'Cross-site requests are not allowed' });
}
