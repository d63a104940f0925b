import { event, isPayloadObject } from '../events/event';
import type { KitChangedHint } from './kit';

/** The events kits publish (contracts/src/events collects every context's). */
export const KitsEvents = {
  /** After each commit, the revision it took: consumers of kits.changes catch up (a lost hint only delays them). */
  changed: event(
    'kits.evt.changed.v1',
    (data): data is KitChangedHint => isPayloadObject(data) && typeof data.revision === 'number' && Number.isSafeInteger(data.revision),
  ),
} as const;
