import type { UserRole } from '../enums/role';

/**
 * Who is asking: the signed-in user as every context's commands and queries carry it (the gateway builds it from
 * the session). Handlers scope and authorise by it; none trusts the gateway alone for who may do what.
 */
export type Actor = { id: string; role: UserRole; email: string };
