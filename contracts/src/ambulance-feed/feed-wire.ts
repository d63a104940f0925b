import { type CsvColumn, toCsv } from '../csv/csv';
import { WITHDRAWAL_REASON_LABELS, type FeedRecord } from './control-room-kit';
import type { FeedScope } from './feed-scope';

/** GET /api/ambulance-feed/v1/kits: page sizes in records. */
export const FEED_DEFAULT_LIMIT = 500;
export const FEED_MAX_LIMIT = 5000;
export const FEED_FORMATS = ['json', 'csv', 'geojson'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/**
 * One page of the feed: the changes after the cursor in revision order. A control room stores `nextCursor` and asks
 * with `after=<nextCursor>` next time; `hasMore` says another page is already waiting.
 */
export type AmbulanceFeedResponse = { records: FeedRecord[]; nextCursor: string; hasMore: boolean };

export const FeedMessages = {
  /** The same answer for an unknown key, a revoked key or no key: nothing tells a caller which. */
  unauthorised: 'A valid feed key is required (Authorization: Bearer <key>).',
  cursor: 'after must be a cursor returned by this feed (digits only)',
  limit: `limit must be a whole number from 1 to ${FEED_MAX_LIMIT}`,
  format: `format must be one of ${FEED_FORMATS.join(', ')}`,
  rateLimited: 'Too many feed requests for this key. Please slow down.',
  codesNotInScope: 'This key does not report code disclosures (it carries no cabinet codes).',
} as const;

/** The cursor is opaque to clients; it is the highest revision a client has been given. */
export function parseFeedCursor(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '') return 0;
  if (typeof raw !== 'string' || !/^\d{1,18}$/.test(raw)) return null;
  return Number(raw);
}

export function parseFeedLimit(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '') return FEED_DEFAULT_LIMIT;
  if (typeof raw !== 'string' || !/^\d{1,5}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= FEED_MAX_LIMIT ? n : null;
}

const cell =
  <K extends string>(key: K) =>
  (r: FeedRecord) =>
    r.withdrawn ? undefined : (r as unknown as Record<K, string | number | boolean | null>)[key];

/** The same columns as the JSON record; a withdrawal is a row with `withdrawn` yes and its reason. */
export const FEED_CSV_COLUMNS: readonly CsvColumn<FeedRecord>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'reference', value: (r) => r.reference },
  { header: 'revision', value: (r) => r.revision },
  { header: 'withdrawn', value: (r) => (r.withdrawn ? 'yes' : 'no') },
  { header: 'withdrawalReason', value: (r) => (r.withdrawn ? r.reason : '') },
  { header: 'locationName', value: cell('locationName') },
  { header: 'addressLine1', value: cell('addressLine1') },
  { header: 'addressLine2', value: cell('addressLine2') },
  { header: 'city', value: cell('city') },
  { header: 'postcode', value: cell('postcode') },
  { header: 'latitude', value: cell('latitude') },
  { header: 'longitude', value: cell('longitude') },
  { header: 'what3words', value: cell('what3words') },
  { header: 'detailedLocation', value: cell('detailedLocation') },
  { header: 'locationType', value: cell('locationType') },
  { header: 'locationTypeLabel', value: cell('locationTypeLabel') },
  { header: 'openingHours', value: cell('openingHours') },
  { header: 'schedule', value: (r) => (r.withdrawn || !r.schedule ? '' : JSON.stringify(r.schedule)) },
  { header: 'cabinetCode', value: (r) => (r.withdrawn ? '' : (r.cabinetCode ?? '')) },
  { header: 'ambulanceService', value: cell('ambulanceService') },
  { header: 'shownOnPublicMap', value: (r) => (r.withdrawn ? '' : r.shownOnPublicMap ? 'yes' : 'no') },
  { header: 'deploymentStatus', value: cell('deploymentStatus') },
  { header: 'lastVerifiedDate', value: cell('lastVerifiedDate') },
  { header: 'expiryDate', value: cell('expiryDate') },
  { header: 'updatedAt', value: cell('updatedAt') },
];

/** The responder app's CSV has no cabinet-code column at all. */
export function feedCsvColumns(carriesCodes: boolean): readonly CsvColumn<FeedRecord>[] {
  return carriesCodes ? FEED_CSV_COLUMNS : FEED_CSV_COLUMNS.filter((c) => c.header !== 'cabinetCode');
}

/** Formula-neutralised CSV of a page (contracts' one CSV rule). */
export function feedCsv(records: readonly FeedRecord[], carriesCodes: boolean): string {
  return toCsv(records, feedCsvColumns(carriesCodes));
}

export type FeedGeoJsonFeature = {
  type: 'Feature';
  id: number;
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: Omit<FeedRecord, 'latitude' | 'longitude'> & { reasonLabel?: string };
};
export type FeedGeoJson = { type: 'FeatureCollection'; features: FeedGeoJsonFeature[]; nextCursor: string; hasMore: boolean };

/** GeoJSON (RFC 7946: longitude first); a withdrawal is a feature without geometry. */
export function feedGeoJson(page: AmbulanceFeedResponse): FeedGeoJson {
  return {
    type: 'FeatureCollection',
    features: page.records.map((r): FeedGeoJsonFeature => {
      if (r.withdrawn) return { type: 'Feature', id: r.id, geometry: null, properties: { ...r, reasonLabel: WITHDRAWAL_REASON_LABELS[r.reason] } };
      const { latitude, longitude, ...properties } = r;
      return { type: 'Feature', id: r.id, geometry: { type: 'Point', coordinates: [longitude, latitude] }, properties };
    }),
    nextCursor: page.nextCursor,
    hasMore: page.hasMore,
  };
}

export const FEED_CONTENT_TYPES: Readonly<Record<FeedFormat, string>> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  geojson: 'application/geo+json; charset=utf-8',
};

// ---- between the gateway and the kits context (NATS) ------------------------------------------------

/** Records per part of a page: a control-room record is about 1 KB and a part must stay well below NATS's 1 MB. */
export const FEED_PART_RECORDS = 650;

/**
 * Opens a feed read: the key (as its sha-256, never the key itself) is checked, the scope's head is read, and the
 * page after `afterRevision` (at most `limit` records) is cut into revision ranges of FEED_PART_RECORDS, so its parts
 * can be read at the same time (by several kits replicas). Writers commit in revision order, so no record can appear
 * inside a range later; a record that changes meanwhile moves above the head and comes on a later page.
 */
export type FeedOpenRequest = { keyHash: string; afterRevision?: number; limit?: number };
export type FeedPageRange = { afterRevision: number; upToRevision: number; records: number };
export type FeedOpenResponse = { clientId: string; scope: FeedScope; headRevision: number; ranges: FeedPageRange[]; hasMore: boolean };

/**
 * One part of a page, below NATS's payload limit: records of the scope after `afterRevision` up to `upToRevision`.
 * `requestId` names the HTTP answer the part belongs to: the access log holds one row per answer that carried codes.
 */
export type FeedPartRequest = {
  keyHash: string;
  requestId: string;
  clientAddress: string;
  afterRevision: number;
  upToRevision: number;
  limit: number;
};
/**
 * `count`: records in this part; `lastRevision`: where the next part starts; `exhausted`: nothing more up to
 * `upToRevision`. Sent in this key order, records last, so the gateway can splice the records' JSON into a page
 * without parsing it (FEED_PART_WIRE).
 */
export type FeedPartResponse = { count: number; lastRevision: number; exhausted: boolean; records: FeedRecord[] };
/** How a part's reply begins, inside Nest's envelope: the gateway reads these three numbers and keeps the rest as text. */
export const FEED_PART_WIRE = /"response":\{"count":(\d+),"lastRevision":(\d+),"exhausted":(true|false),"records":\[/;

export type CodeDisclosedRequest = { keyHash: string; kitId: number | string; note?: string | null; clientAddress: string };
export type CodeDisclosedResponse = { id: number; reference: string; deploymentStatus: 'deployed'; message: string };
export const CODE_DISCLOSED_MESSAGE = 'Recorded: the kit is marked deployed and its custodian will be asked to restock it.';
