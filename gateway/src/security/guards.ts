import { type CanActivate, type ExecutionContext, Injectable, SetMetadata, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { type CurrentUser as CurrentUserType, ErrorCode } from '@bleedkits/contracts';
import { GatewayError } from '../errors/http-error.filter';
import { SessionUsers } from '../sessions/session-users';
import { canonicalPath, isUnder } from './canonical-path';

const SIGNED_IN = 'bk:signed-in';
const ADMIN = 'bk:admin';
const OWNER_USABLE = 'bk:owner-usable-admin-path';

export const SignedIn = () => SetMetadata(SIGNED_IN, true);
export const AdminOnly = () => SetMetadata(ADMIN, true);
/**
 * The two /api/admin calls the spec has ordinary users make (kit edit and CSV import): signed-in is enough here,
 * and the service scopes them to the caller's own kits.
 */
export const OwnerUsableAdminPath = () => SetMetadata(OWNER_USABLE, true);

export const NOT_SIGNED_IN = 'Not signed in';
export const ADMIN_REQUIRED = "You don't have permission to access this page. Admin access is required.";

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): CurrentUserType => {
  const user = ctx.switchToHttp().getRequest<Request & { currentUser?: CurrentUserType }>().currentUser;
  if (!user) throw new GatewayError({ code: ErrorCode.Unauthenticated, message: NOT_SIGNED_IN });
  return user;
});

/**
 * Whether a request is on the admin path: by the route pattern that matched (what the controller declared) and by
 * the canonical spelling of the URL, so neither a route registered as `API/Admin/...` nor a URL spelled
 * `/API//admin/` can step around the rule.
 */
export function onAdminPath(req: Request): boolean {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  return (
    isUnder(canonicalPath(req.originalUrl ?? req.url), '/api/admin') || (typeof pattern === 'string' && isUnder(canonicalPath(pattern), '/api/admin'))
  );
}

/** Who may call a route: what AccessGuard enforces, and what the OpenAPI description declares (openapi/api-description.ts). */
export type RouteAccess = 'public' | 'signed-in' | 'owner-or-admin' | 'admin';

/** The rule, from the route's decorators (`marked`) and whether its path is under /api/admin. */
export function requiredAccess(marked: (key: string) => boolean, adminPath: boolean): RouteAccess {
  if (marked(ADMIN) || (adminPath && !marked(OWNER_USABLE))) return 'admin';
  if (marked(OWNER_USABLE)) return 'owner-or-admin';
  return marked(SIGNED_IN) ? 'signed-in' : 'public';
}

/** A documented path template (`/api/admin/kits/{id}`) read as AccessGuard reads a request's path. */
export function routeAccess(marked: (key: string) => boolean, template: string): RouteAccess {
  return requiredAccess(marked, isUnder(canonicalPath(template), '/api/admin'));
}

/**
 * One global guard. Every route under /api/admin/ requires the admin role unless explicitly marked owner-usable,
 * so a new admin route cannot be published unguarded by forgetting a decorator.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: SessionUsers,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const req = ctx.switchToHttp().getRequest<Request>();
    const targets = [ctx.getHandler(), ctx.getClass()];
    const access = requiredAccess((key) => this.reflector.getAllAndOverride<boolean>(key, targets) === true, onAdminPath(req));
    if (access === 'public') return true;
    const user = await this.users.load(req);
    if (!user) throw new GatewayError({ code: ErrorCode.Unauthenticated, message: NOT_SIGNED_IN });
    if (access === 'admin' && user.role !== 'admin') throw new GatewayError({ code: ErrorCode.Forbidden, message: ADMIN_REQUIRED });
    return true;
  }
}
