import type { UserRole } from '../enums/role';
import { CodedError } from '../errors';

/**
 * Who is asking: the signed-in user as every context's commands and queries carry it (the gateway builds it from
 * the session). Handlers scope and authorise by it; none trusts the gateway alone for who may do what.
 */
export type Actor = { id: string; role: UserRole; email: string };

/** What a context answers anyone but an admin who asks for an admin's command or query. */
export const ADMIN_ACCESS_REQUIRED = 'Admin access is required.';

/** An admin's command or query refuses anyone else (403), whatever the gateway let through. */
export function assertAdmin(actor: Actor | undefined | null): asserts actor is Actor {
  if (actor?.role !== 'admin') throw CodedError.forbidden(ADMIN_ACCESS_REQUIRED);
}
