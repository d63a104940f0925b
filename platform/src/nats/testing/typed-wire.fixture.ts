// Compiled by typed-wire.spec.ts: each `@ts-expect-error` below must be an error, and nothing else may be.
import {
  type Actor,
  type Kit,
  type KitRegistration,
  type MessageResponse,
  type ServiceHealth,
  type UserResponse,
  healthSubject,
} from '@bleedkits/contracts';
import { IdentitySubjects, KitsSubjects } from '@bleedkits/contracts/wire';
import type { NatsBus } from '../nats-bus';

export async function typedWireCalls(bus: NatsBus, actor: Actor, registration: KitRegistration) {
  // Both sides inferred from the subject, in any context.
  const registered: Kit = await bus.request(KitsSubjects.register, { actor, kit: registration });
  const removed: MessageResponse = await bus.request(KitsSubjects.delete, { actor, kitId: registered.id });
  const signedIn: UserResponse = await bus.request(IdentitySubjects.getUser, { userId: actor.id });

  // @ts-expect-error the actor is missing
  await bus.request(KitsSubjects.getKit, { kitId: 1 });
  // @ts-expect-error a bare actorId is not an actor
  await bus.request(KitsSubjects.getKit, { actorId: actor.id, kitId: 1 });
  // @ts-expect-error a kit id is a number or the digits of a path, never a boolean
  await bus.request(KitsSubjects.delete, { actor, kitId: true });
  // @ts-expect-error register takes the registration under `kit`
  await bus.request(KitsSubjects.register, { actor, ...registration });
  // @ts-expect-error the answer of register is one kit, not a list
  const wrongAnswer: Kit[] = await bus.request(KitsSubjects.register, { actor, kit: registration });
  // @ts-expect-error identity's role toggle takes who acts as an actor too, not their id
  await bus.request(IdentitySubjects.toggleRole, { actorId: actor.id, userId: 'another-user' });

  // A subject outside the typed wire (a health probe): the caller names the answer.
  const health = await bus.request<ServiceHealth>(healthSubject('identity'), {});
  return { registered, removed, signedIn, wrongAnswer, health };
}
