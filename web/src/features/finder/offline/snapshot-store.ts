import { PUBLIC_SNAPSHOT_PATH, readPublicSnapshot, type FinderKit } from '@bleedkits/contracts';
import { type LatLng } from '../lib/format';

/**
 * The national snapshot of public kits kept in the browser's Cache Storage (beside the service worker's app shell),
 * so the finder still answers with no network. Refreshed when online at most once a day, cheaply: the server
 * answers 304 to the stored ETag when nothing changed.
 */
export const SNAPSHOT_CACHE = 'bk-public-snapshot-v1';
export const SNAPSHOT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** When this copy was last confirmed current (the 'as of' of the offline notice). */
const FETCHED_AT = 'X-Bk-Fetched-At';

export type OfflineKits = { asOf: string; kits: FinderKit[]; outwardCodes: Map<string, LatLng> };
export type RefreshOutcome = 'fresh' | 'updated' | 'unchanged' | 'failed' | 'unsupported';

type Deps = { storage?: CacheStorage | null; fetchFn?: typeof fetch; now?: number; wait?: (ms: number) => Promise<void> };

/** A replica that is still making its first copy answers 503 with Retry-After: asked again this often, at most. */
const BUSY_ATTEMPTS = 3;
const BUSY_WAIT_MAX_MS = 60_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long a 503 asks us to wait, or null when the answer is not one to try again (no Retry-After in seconds). */
function busyFor(res: Response): number | null {
  if (res.status !== 503) return null;
  const header = res.headers.get('Retry-After');
  const seconds = header && /^\d+$/.test(header.trim()) ? Number(header) : NaN;
  return Number.isFinite(seconds) ? Math.min(seconds * 1000, BUSY_WAIT_MAX_MS) : null;
}

const browserCaches = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);

/** Whether this browser can keep an offline copy for the installed app: Cache Storage and a service worker. */
export function canKeepSnapshot(): boolean {
  return browserCaches() !== null && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Downloads the snapshot unless the stored copy is less than a day old; 304 keeps the copy and renews its date.
 * One refresh at a time: a second call while one runs gets the same answer (two writers would race on the entry).
 */
export function refreshSnapshot(deps: Deps = {}): Promise<RefreshOutcome> {
  refreshing ??= refreshOnce(deps).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refreshOnce({ storage = browserCaches(), fetchFn = fetch, now = Date.now(), wait = sleep }: Deps): Promise<RefreshOutcome> {
  if (!storage) return 'unsupported';
  try {
    const cache = await storage.open(SNAPSHOT_CACHE);
    const stored = await cache.match(PUBLIC_SNAPSHOT_PATH);
    const fetchedAt = Date.parse(stored?.headers.get(FETCHED_AT) ?? '');
    if (stored && now - fetchedAt < SNAPSHOT_MAX_AGE_MS) return 'fresh';
    const etag = stored?.headers.get('ETag');
    // no-store: the browser's HTTP cache must not answer for the server (the server's 304 is what renews the date).
    const url = typeof location === 'undefined' ? PUBLIC_SNAPSHOT_PATH : new URL(PUBLIC_SNAPSHOT_PATH, location.origin).toString();
    const ask = () => fetchFn(url, { headers: etag ? { 'If-None-Match': etag } : {}, cache: 'no-store', credentials: 'omit' });
    let res = await ask();
    for (let attempt = 1; attempt < BUSY_ATTEMPTS; attempt++) {
      const busy = busyFor(res);
      if (busy === null) break;
      await wait(busy);
      res = await ask();
    }
    const stamp = new Date(now).toISOString();
    if (res.status === 304 && stored) {
      await cache.put(
        PUBLIC_SNAPSHOT_PATH,
        new Response(await stored.blob(), { headers: { 'Content-Type': 'application/json', ETag: etag ?? '', [FETCHED_AT]: stamp } }),
      );
      return 'unchanged';
    }
    if (!res.ok) return 'failed';
    const body = await res.text();
    if (!readPublicSnapshot(JSON.parse(body))) return 'failed';
    await cache.put(
      PUBLIC_SNAPSHOT_PATH,
      new Response(body, { headers: { 'Content-Type': 'application/json', ETag: res.headers.get('ETag') ?? '', [FETCHED_AT]: stamp } }),
    );
    loaded = null;
    return 'updated';
  } catch {
    return 'failed';
  }
}

let loaded: { stamp: string; kits: Promise<OfflineKits | null> } | null = null;

/** The stored snapshot, read once per download; null when there is none (never online since installing, or no Cache Storage). */
export async function loadOfflineKits(storage: CacheStorage | null = browserCaches()): Promise<OfflineKits | null> {
  if (!storage) return null;
  try {
    const stored = await (await storage.open(SNAPSHOT_CACHE)).match(PUBLIC_SNAPSHOT_PATH);
    if (!stored) return null;
    const stamp = stored.headers.get(FETCHED_AT) ?? '';
    if (loaded?.stamp !== stamp) {
      loaded = {
        stamp,
        kits: stored.json().then((doc: unknown) => {
          const read = readPublicSnapshot(doc);
          return read ? { asOf: stamp, kits: read.kits, outwardCodes: read.outwardCodes } : null;
        }),
      };
    }
    return await loaded.kits;
  } catch {
    return null;
  }
}
