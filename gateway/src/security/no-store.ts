import type { NextFunction, Request, Response } from 'express';

/**
 * Every /api answer is `Cache-Control: no-store` unless its route says otherwise: most carry personal data (the
 * current user, dashboard and admin lists, exports) or a cabinet code (a kit, the ambulance-service feed), and a
 * shared or browser cache must never keep those. Only public answers opt in to caching by setting their own
 * header (the finder, the statistics, the public settings). The API docs are static pages and keep their own.
 */
export function noStoreByDefault() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/api/') && !req.path.startsWith('/api/docs')) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
