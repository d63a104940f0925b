import { event, isPayloadObject } from '../events/event';
import type { IndexAnnouncement } from '../finder/geo-search-wire';

/** The events geo-search publishes (contracts/src/events collects every context's). */
export const GeoSearchEvents = {
  /** A replica's index tag and name, on every change and every second; gateways key their answer cache by it. */
  indexChanged: event(
    'geo-search.evt.index-changed.v1',
    (data): data is IndexAnnouncement =>
      isPayloadObject(data) && typeof data.tag === 'string' && (data.replica === undefined || typeof data.replica === 'string'),
  ),
} as const;
