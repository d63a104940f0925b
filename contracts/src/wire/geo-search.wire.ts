import { z } from 'zod';
import type { CoordinatesToWhat3words, What3wordsToCoordinates } from '../finder/finder';
import { call, shape } from './call';
import { GeoSearchEvents } from '../geo-search/events';
import { healthSubject } from '../subjects';

/**
 * Geo-search's hot queries reply with pre-serialised JSON bytes (not Nest's envelope) so the gateway can pass
 * them to the browser untouched; see services/geo-search/README.md.
 */
export const GeoSearchSubjects = {
  health: healthSubject('geo-search'),
  viewport: 'geo-search.qry.viewport.v1',
  nearby: 'geo-search.qry.nearby.v1',
  search: 'geo-search.qry.search.v1',
  what3wordsToCoordinates: 'geo-search.qry.w3w-to-coordinates.v1',
  coordinatesToWhat3words: 'geo-search.qry.coordinates-to-w3w.v1',
  /** Raw wire like the hot subjects: one chunk of the gzipped national snapshot of public kits per request. */
  publicSnapshot: 'geo-search.qry.public-snapshot.v1',
  /** Event, no queue group: a replica's index moved to a new tag ({tag}); gateways key their answer cache by it. */
  indexChanged: GeoSearchEvents.indexChanged.subject,
  /** The benchmark's PostGIS baseline (a bench-only responder; the gateway relays it only with BENCH_SQL_BASELINE). */
  benchPostgisViewport: 'bench.qry.postgis-viewport.v1',
  benchPostgisNearby: 'bench.qry.postgis-nearby.v1',
} as const;

/**
 * The geo-search subjects that answer in Nest's envelope: the what3words conversions. The words and coordinates are
 * checked by the handler with the finder's messages. (The hot queries and the snapshot answer raw bytes: index.ts.)
 */
export const GeoSearchWire = {
  [GeoSearchSubjects.what3wordsToCoordinates]: call<{ words: string }, What3wordsToCoordinates>(shape({ words: z.unknown() })),
  [GeoSearchSubjects.coordinatesToWhat3words]: call<{ lat: number; lng: number }, CoordinatesToWhat3words>(
    shape({ lat: z.unknown(), lng: z.unknown() }),
  ),
} as const;
