import type { CurrentUser, KitActor } from '@bleedkits/contracts';

/** Who is asking, as the kits context needs it to scope and authorise. */
export function actorOf(user: CurrentUser): KitActor {
  return { id: user.id, role: user.role, email: user.email };
}
