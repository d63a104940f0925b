import type { Actor } from '@bleedkits/contracts';
import { KitErrors } from './kit.errors';

/** Admin commands re-check the role: the gateway guards routes, the context guards its own rules. */
export function assertAdmin(actor: Actor | undefined): asserts actor is Actor {
  if (actor?.role !== 'admin') throw KitErrors.adminOnly();
}
