import type { Actor } from '@bleedkits/contracts';

/** An import is seen by whoever started it, the account it imports into, and admins; others are told it does not exist. */
export function maySeeImport(actor: Actor | undefined, job: { requestedBy: string; ownerId: string }): boolean {
  return !!actor && (actor.role === 'admin' || actor.id === job.requestedBy || actor.id === job.ownerId);
}
