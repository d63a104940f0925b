import type { Actor, CurrentUser } from '@bleedkits/contracts';

/** Who is asking, as every context takes it to scope and authorise (the signed-in user). */
export function actorOf(user: CurrentUser): Actor {
  return { id: user.id, role: user.role, email: user.email };
}
