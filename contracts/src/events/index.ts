import { GeoSearchEvents } from '../geo-search/events';
import { KitsEvents } from '../kits/events';
import type { EventDeclaration } from './event';

export { type EventDeclaration, event } from './event';
export { GeoSearchEvents } from '../geo-search/events';
export { KitsEvents } from '../kits/events';

/**
 * Every event of the register by its subject, each declared once beside its context's other contracts. NatsBus's
 * `publishEvent` and `subscribeEvent` take the payload's type from here, and a subscriber hears only payloads that
 * pass the declaration's check; scripts/architecture.spec.ts fails an event subject published or heard without an
 * entry here.
 */
export const Events = {
  [KitsEvents.changed.subject]: KitsEvents.changed,
  [GeoSearchEvents.indexChanged.subject]: GeoSearchEvents.indexChanged,
} as const;

export type EventSubject = keyof typeof Events;
export type EventPayload<S extends EventSubject> = (typeof Events)[S] extends EventDeclaration<S, infer P> ? P : never;

export const isEventSubject = (subject: string): subject is EventSubject => Object.hasOwn(Events, subject);
