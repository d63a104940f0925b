import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PATHS } from '../../src/config/paths';

const ROUTER = path.resolve(__dirname, '../../src/app/router.tsx');

/**
 * Every page of the web app, read from the router itself (src/app/router.tsx), so a page added there is checked
 * here without anyone remembering to list it: each `path: PATHS.<name>` route, less the catch-all and redirects (a
 * <Navigate> route is its target's page).
 */
export function appRoutes(): string[] {
  const source = readFileSync(ROUTER, 'utf8');
  const routes = new Set<string>();
  for (const m of source.matchAll(/\{\s*path:\s*PATHS\.(\w+)\s*,\s*element:\s*<(\w+)/g)) {
    const [, name, element] = m;
    const routePath: string | undefined = PATHS[name as keyof typeof PATHS];
    if (!routePath) throw new Error(`the router mounts PATHS.${name}, which src/config/paths.ts does not name`);
    if (element === 'Navigate') continue;
    routes.add(routePath);
  }
  if (routes.size < 10) throw new Error(`read only ${routes.size} routes from ${ROUTER}: has the route table changed shape?`);
  return [...routes].sort();
}

/** Routes that need a signed-in user (under RequireAuth or the admin area): checked in the signed-in roles. */
export const isAdminRoute = (p: string) => p === '/admin' || p.startsWith('/admin/');
