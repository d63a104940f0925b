import type { NextFunction, Request, Response } from 'express';
import { canonicalPath } from './canonical-path';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GETs that change data (the spec's approve/reject call) get the same protection as a POST, HEAD included. */
const SIDE_EFFECT_GETS = new Set(['/api/kit-status']);

/**
 * No cross-site request may change data. Browsers send Sec-Fetch-Site and Origin on such requests;
 * a request without either (curl, server-to-server) cannot carry a victim's cookie from another site.
 * Every state-changing method is checked whatever the path (a path that routes nowhere costs nothing), and the
 * side-effecting GETs are recognised by their canonical path, so no spelling of a path escapes the rule.
 */
export function sameOriginOnly(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins.filter(Boolean).map((o) => new URL(o).origin));
  return (req: Request, res: Response, next: NextFunction) => {
    const guarded = !SAFE_METHODS.has(req.method) || (req.method !== 'OPTIONS' && SIDE_EFFECT_GETS.has(canonicalPath(req.originalUrl)));
    if (!guarded) return next();
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
