// Compiled by typed-wire.spec.ts: each `@ts-expect-error` below must be an error, and nothing else may be.
import { IdentitySubjects, type Kit, type KitActor, type KitRegistration, KitsSubjects, type MessageResponse } from '@bleedkits/contracts';
import type { NatsBus } from '../nats-bus';

export async function typedWireCalls(bus: NatsBus, actor: KitActor, registration: KitRegistration) {
  // Both sides inferred from the subject.
  const registered: Kit = await bus.request(KitsSubjects.register, { actor, kit: registration });
  const removed: MessageResponse = await bus.request(KitsSubjects.delete, { actor, kitId: registered.id });

  // @ts-expect-error the actor is missing
  await bus.request(KitsSubjects.getKit, { kitId: 1 });
  // @ts-expect-error identity's actorId is not the kits context's actor
  await bus.request(KitsSubjects.getKit, { actorId: actor.id, kitId: 1 });
  // @ts-expect-error a kit id is a number or the digits of a path, never a boolean
  await bus.request(KitsSubjects.delete, { actor, kitId: true });
  // @ts-expect-error register takes the registration under `kit`
  await bus.request(KitsSubjects.register, { actor, ...registration });
  // @ts-expect-error the answer of register is one kit, not a list
  const wrongAnswer: Kit[] = await bus.request(KitsSubjects.register, { actor, kit: registration });

  // A subject not in the typed wire yet: the caller names the answer.
  const user = await bus.request<{ id: string }>(IdentitySubjects.getUser, { id: actor.id });
  return { registered, removed, wrongAnswer, user };
}
