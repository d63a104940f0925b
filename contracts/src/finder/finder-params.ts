import { FINDER, FinderMessages, type NearbyQuery, type SearchQuery, type ViewportQuery } from './finder';

/**
 * Validation of the finder's parameters, shared: the gateway checks the query string first; geo-search checks
 * again on receipt (defensive: the subject may be called by anything on the bus). Every failure is a 400 with
 * a message, never a 500. Pure: no Nest, no NATS.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export const MAX_ZOOM_PARAM = 22;
export const MAX_RADIUS_KM = 1000;
export const MAX_LOCATION_LENGTH = 200;

type Source = Record<string, unknown> | null | undefined;

class Invalid extends Error {}

function numberOf(source: Source, name: string, required: boolean): number | undefined {
  const raw = source?.[name];
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    if (required) throw new Invalid(`${name} is required.`);
    return undefined;
  }
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : NaN;
  if (!Number.isFinite(n)) throw new Invalid(`${name} must be a number.`);
  return n;
}

function inRange(name: string, n: number, min: number, max: number): number {
  if (n < min || n > max) throw new Invalid(`${name} must be between ${min} and ${max}.`);
  return n;
}

function latitude(source: Source, name: string): number {
  return inRange(name, numberOf(source, name, true)!, -90, 90);
}

function longitude(source: Source, name: string): number {
  return inRange(name, numberOf(source, name, true)!, -180, 180);
}

function limit(source: Source, fallback: number): number {
  const n = numberOf(source, 'limit', false);
  if (n === undefined) return fallback;
  if (!Number.isInteger(n) || n < 1 || n > FINDER.maxLimit) throw new Invalid(`limit must be a whole number between 1 and ${FINDER.maxLimit}.`);
  return n;
}

function radius(source: Source): number {
  const n = numberOf(source, 'radius', false);
  if (n === undefined) return FINDER.nearbyRadiusKm;
  if (n <= 0 || n > MAX_RADIUS_KM) throw new Invalid(`radius must be more than 0 and at most ${MAX_RADIUS_KM} km.`);
  return n;
}

function parsed<T>(build: () => T): Parsed<T> {
  try {
    return { ok: true, value: build() };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, message: e.message };
    throw e;
  }
}

/** north, south, east, west (west > east crosses the antimeridian), zoom 0..22 (default 6), limit 1..1000 (default 1000). */
export function parseViewportQuery(source: Source): Parsed<ViewportQuery> {
  return parsed(() => {
    const north = latitude(source, 'north');
    const south = latitude(source, 'south');
    const east = longitude(source, 'east');
    const west = longitude(source, 'west');
    if (north <= south) throw new Invalid('north must be greater than south.');
    const zoom = inRange('zoom', numberOf(source, 'zoom', false) ?? FINDER.defaultZoom, 0, MAX_ZOOM_PARAM);
    return { north, south, east, west, zoom, limit: limit(source, FINDER.viewportLimit) };
  });
}

/** lat, lng, radius in km (default 25, at most 1000), limit 1..1000 (default 100). */
export function parseNearbyQuery(source: Source): Parsed<NearbyQuery> {
  return parsed(() => ({
    lat: latitude(source, 'lat'),
    lng: longitude(source, 'lng'),
    radius: radius(source),
    limit: limit(source, FINDER.nearbyDefaultLimit),
  }));
}

/** location (trimmed, not empty), with the optional radius and limit of nearby. */
export function parseSearchQuery(source: Source): Parsed<Required<SearchQuery>> {
  return parsed(() => {
    const raw = source?.location;
    const location = typeof raw === 'string' ? raw.trim().replace(/\s+/g, ' ') : '';
    if (!location) throw new Invalid(FinderMessages.emptySearch);
    if (location.length > MAX_LOCATION_LENGTH) throw new Invalid(`location must be at most ${MAX_LOCATION_LENGTH} characters.`);
    return { location, radius: radius(source), limit: limit(source, FINDER.nearbyDefaultLimit) };
  });
}

/** lat and lng of a what3words conversion. */
export function parseCoordinates(source: Source): Parsed<{ lat: number; lng: number }> {
  return parsed(() => ({ lat: latitude(source, 'lat'), lng: longitude(source, 'lng') }));
}
