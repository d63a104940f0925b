import type { NextFunction, Request, Response } from 'express';
import { canonicalPath } from './canonical-path';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GETs that change data (the spec's approve/reject call) get the same protection as a POST, HEAD included. */
const SIDE_EFFECT_GETS = new Set(['/api/kit-status']);

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

/**
 * No cross-site request may change data. Current browsers send Sec-Fetch-Site, and Origin on every
 * state-changing method; a request without either (curl, server-to-server) cannot carry a victim's cookie from
 * another site. An older browser sends neither on a GET, only a Referer, so on a side-effecting GET:
 *  - a Referer naming another origin is refused;
 *  - a request with none of the three is refused too: another site can strip its Referer (Referrer-Policy), and a
 *    top-level navigation still carries a SameSite=Lax cookie (docs/decisions.md).
 * Every state-changing method is checked whatever the path (a path that routes nowhere costs nothing), and the
 * side-effecting GETs are recognised by their canonical path, so no spelling of a path escapes the rule.
 */
export function sameOriginOnly(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins.filter(Boolean).map((o) => new URL(o).origin));
  return (req: Request, res: Response, next: NextFunction) => {
    const sideEffectGet = SAFE_METHODS.has(req.method) && req.method !== 'OPTIONS' && SIDE_EFFECT_GETS.has(canonicalPath(req.originalUrl));
    if (SAFE_METHODS.has(req.method) && !sideEffectGet) return next();
    const own = `${req.protocol}://${req.get('host')}`;
    const sameSite = (origin: string) => origin === own || allowed.has(origin);
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return refuse(res);
    const origin = req.get('origin');
    if (origin === 'null' || (origin && !sameSite(origin))) return refuse(res);
    if (sideEffectGet && !site && !origin) {
      const referrerOrigin = originOf(req.get('referer'));
      if (!referrerOrigin || !sameSite(referrerOrigin)) return refuse(res);
    }
    return next();
  };
}

/** The origin a Referer names, or null when there is none or it is not a URL. */
function originOf(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const origin = new URL(referer).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function refuse(res: Response) {
  res.status(403).json({ message: CROSS_SITE_MESSAGE });
}
