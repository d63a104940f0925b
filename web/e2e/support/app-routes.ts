import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROUTER = path.resolve(__dirname, '../../src/app/router.tsx');

/**
 * Every page of the web app, read from the router itself (src/app/router.tsx), so a page added there is checked
 * here without anyone remembering to list it: each `path: '/...'` route, less the catch-all, parameters and
 * redirects (a <Navigate> route is its target's page).
 */
export function appRoutes(): string[] {
  const source = readFileSync(ROUTER, 'utf8');
  const routes = new Set<string>();
  for (const m of source.matchAll(/\{\s*path:\s*'([^']+)'\s*,\s*element:\s*<(\w+)/g)) {
    const [, routePath, element] = m;
    if (!routePath.startsWith('/') || routePath.includes(':') || routePath.includes('*') || element === 'Navigate') continue;
    routes.add(routePath);
  }
  if (routes.size < 10) throw new Error(`read only ${routes.size} routes from ${ROUTER}: has the route table changed shape?`);
  return [...routes].sort();
}

/** Routes that need a signed-in user (under RequireAuth or the admin area): checked in the signed-in roles. */
export const isAdminRoute = (p: string) => p === '/admin' || p.startsWith('/admin/');
