// The Node peer of `npm run bench:geo` (issue 26): how a Node team without geo-search would answer the finder, with
// the libraries it would pick. It keeps the public kits from the kits service's public change feed (as geo-search
// does: from revision 0, then on every kits.changed hint and on a timer), and after each change rebuilds in full, as
// these libraries' users do: a `supercluster` index for viewports and a `kdbush` index, asked through `geokdbush`, for
// nearby. It answers the bench's peer subjects on NATS (queue group 'bench-peer') in geo-search's reply frame,
// gzipped at level 1 when asked like geo-search's answers, so the gateway relays them like the finder's own. Answers
// are kept in an LRU of the gateway cache's size, emptied by every rebuild (a team's obvious first cache).
//
// Started by bench:geo as a child process. Env: NATS_URL, BENCH_CONTRACTS (the private build of contracts),
// BENCH_PEER_VIEWPORT_SUBJECT, BENCH_PEER_NEARBY_SUBJECT, BENCH_PEER_STATS_SUBJECT, optional BENCH_PEER_CACHE_BYTES
// (0: no cache), BENCH_PEER_PAGE_SIZE, BENCH_PEER_CATCHUP_MS, VERIFICATION_GRACE_DAYS.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import Supercluster from 'supercluster';
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';

const require = createRequire(import.meta.url);
const { connect, headers: natsHeaders } = require('nats');

const env = process.env;
const contracts = require(env.BENCH_CONTRACTS);
// The call subjects are declared with their checks, in the typed wire's entry beside the main one.
const { KitsSubjects } = require(env.BENCH_CONTRACTS.replace(/index\.js$/, 'wire/index.js'));
const { CLUSTER_OPTIONS, GeoSearchWire, geoErrorFrame, geoReplyLine, needsVerification, toPublicKit } = contracts;
const GRACE_DAYS = Number(env.VERIFICATION_GRACE_DAYS || contracts.DEFAULT_VERIFICATION_GRACE_DAYS);
const PAGE_SIZE = Number(env.BENCH_PEER_PAGE_SIZE || 1500);
const CATCHUP_MS = Number(env.BENCH_PEER_CATCHUP_MS || 2000);
const CACHE_BYTES = Number(env.BENCH_PEER_CACHE_BYTES ?? 32 * 1024 * 1024);
const FEED_TIMEOUT_MS = 10_000;
const SUPERCLUSTER = {
  minZoom: CLUSTER_OPTIONS.minZoom,
  maxZoom: CLUSTER_OPTIONS.maxZoom,
  minPoints: CLUSTER_OPTIONS.minPoints,
  radius: CLUSTER_OPTIONS.radius,
  extent: CLUSTER_OPTIONS.extent,
  nodeSize: CLUSTER_OPTIONS.nodeSize,
};
/** getClusters beyond maxZoom answers the points themselves, unclustered. */
const ALL_POINTS_ZOOM = CLUSTER_OPTIONS.maxZoom + 1;

const round6 = (n) => Math.round(n * 1e6) / 1e6;
const startedAt = performance.now();

// ---- the kits, from the public change feed ------------------------------------------------------------------------

/** id → { id, lng, lat, json, feature }: the feature is kept so a rebuild does not remake a million of them. */
const kits = new Map();
let revision = 0;
let headRevision = 0;

function publicJson(kit, due) {
  const listing = toPublicKit(kit);
  // The public status as geo-search works it out: overdue only once the grace days have passed.
  if (due && needsVerification(due, new Date(), GRACE_DAYS)) listing.verificationStatus = 'overdue';
  else if (listing.verificationStatus === 'overdue') listing.verificationStatus = 'due_soon';
  return JSON.stringify(listing);
}

function apply(changes) {
  let changed = false;
  for (const c of changes) {
    if (c.revision <= revision) continue;
    revision = c.revision;
    const k = c.kit;
    const lat = k?.latitude;
    const lng = k?.longitude;
    if (!k || typeof lat !== 'number' || typeof lng !== 'number') {
      changed = kits.delete(c.kitId) || changed;
      continue;
    }
    const json = publicJson(k, c.verificationDue);
    const before = kits.get(c.kitId);
    if (before && before.json === json) continue;
    const entry = { id: c.kitId, lng, lat, json, feature: null };
    entry.feature = { type: 'Feature', geometry: { type: 'Point', coordinates: [lng, lat] }, properties: entry };
    kits.set(c.kitId, entry);
    changed = true;
  }
  return changed;
}

// ---- the answer cache (an LRU of framed answers, emptied by every rebuild) --------------------------------------------

/** Insertion-ordered: the least recently used answer is the first. */
const cache = new Map();
let cacheBytes = 0;
const cacheCounts = { hits: 0, misses: 0 };
function clearCache() {
  cache.clear();
  cacheBytes = 0;
}
function cached(key) {
  const hit = cache.get(key);
  if (!hit) return null;
  cache.delete(key);
  cache.set(key, hit);
  return hit;
}
function keep(key, frame) {
  if (CACHE_BYTES <= 0 || frame.length > CACHE_BYTES / 16) return;
  while (cache.size > 0 && cacheBytes + frame.length > CACHE_BYTES) {
    const [oldestKey, oldest] = cache.entries().next().value;
    cache.delete(oldestKey);
    cacheBytes -= oldest.length;
  }
  cache.set(key, frame);
  cacheBytes += frame.length;
}

// ---- the indexes, rebuilt in full -----------------------------------------------------------------------------------

let clusters = null;
let points = null; // kdbush over `byIndex`
let byIndex = [];
const rebuilds = [];

function rebuild(reason) {
  const t0 = performance.now();
  const list = Array.from(kits.values());
  const features = list.map((k) => k.feature);
  const nextClusters = new Supercluster(SUPERCLUSTER).load(features);
  const t1 = performance.now();
  const nextPoints = new KDBush(list.length, CLUSTER_OPTIONS.nodeSize, Float64Array);
  for (const k of list) nextPoints.add(k.lng, k.lat);
  nextPoints.finish();
  const t2 = performance.now();
  clusters = nextClusters;
  points = nextPoints;
  byIndex = list;
  clearCache();
  rebuilds.push({ at: Date.now(), kits: list.length, ms: t2 - t0, superclusterMs: t1 - t0, kdbushMs: t2 - t1, reason });
}

// ---- following the feed -----------------------------------------------------------------------------------------------

const nc = await connect({ servers: env.NATS_URL, name: 'bench-peer' });

/** A request to a Nest service over NATS (its packet: {pattern, data, id} → {response | err}). */
async function serviceRequest(subject, data) {
  const msg = await nc.request(subject, JSON.stringify({ pattern: subject, data, id: randomUUID() }), { timeout: FEED_TIMEOUT_MS });
  const packet = JSON.parse(Buffer.from(msg.data).toString('utf8'));
  if (packet.err) throw new Error(`${subject}: ${JSON.stringify(packet.err)}`);
  return packet.response;
}

let running = null;
let again = false;

/** Reads the feed from the kits' revision to its head, then rebuilds once if anything public changed. */
function catchUp() {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      let changed = false;
      for (;;) {
        const page = await serviceRequest(KitsSubjects.publicChanges, { afterRevision: revision, limit: PAGE_SIZE });
        if (page.headRevision > headRevision) headRevision = page.headRevision;
        changed = apply(page.changes) || changed;
        if (page.lastRevision > revision) revision = page.lastRevision;
        if (!page.hasMore) break;
      }
      if (changed || !clusters) rebuild(clusters ? 'change' : 'load');
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

await catchUp();
const loadedMs = performance.now() - startedAt;

nc.subscribe(KitsSubjects.changed, { callback: () => void catchUp().catch((e) => console.error(`catch-up failed: ${e.message}`)) });
setInterval(() => void catchUp().catch((e) => console.error(`catch-up failed: ${e.message}`)), CATCHUP_MS).unref();

// ---- answers ---------------------------------------------------------------------------------------------------------

const clusterJson = (f) =>
  `{"isCluster":true,"id":"${f.properties.cluster_id}","count":${f.properties.point_count},"latitude":${round6(f.geometry.coordinates[1])},"longitude":${round6(f.geometry.coordinates[0])}}`;

/**
 * The finder's viewport answer from supercluster: the kits themselves (in id order) when the box holds at most
 * `limit`; else its clusters at the map's zoom, or at a coarser one until they fit.
 */
function viewport(q) {
  const bbox = [q.west, q.south, q.east, q.north];
  for (let z = Math.min(Math.floor(q.zoom), ALL_POINTS_ZOOM); z >= 0; z--) {
    const items = clusters.getClusters(bbox, z);
    let count = 0;
    for (const f of items) count += f.properties.cluster ? f.properties.point_count : 1;
    if (count <= q.limit) {
      const all = z === ALL_POINTS_ZOOM ? items : clusters.getClusters(bbox, ALL_POINTS_ZOOM);
      return all
        .map((f) => f.properties)
        .sort((a, b) => a.id - b.id)
        .map((k) => k.json);
    }
    if (items.length <= q.limit || z === 0) return items.map((f) => (f.properties.cluster ? clusterJson(f) : f.properties.json));
  }
  return [];
}

/** The nearest kits within `radius` km (geokdbush), at most `limit`, each with its distance in km to 2 decimals. */
function nearby(q) {
  return around(points, q.lng, q.lat, q.limit, q.radius).map((i) => {
    const k = byIndex[i];
    return `${k.json.slice(0, -1)},"distance":${Math.round(distance(q.lng, q.lat, k.lng, k.lat) * 100) / 100}}`;
  });
}

const okHeaders = natsHeaders();
okHeaders.set(GeoSearchWire.outcomeHeader, 'ok');

function respond(msg, answerOf) {
  try {
    const gzip = msg.headers?.get(GeoSearchWire.acceptEncodingHeader) === GeoSearchWire.gzip;
    const key = `${msg.subject} ${gzip ? 'g' : 'p'} ${Buffer.from(msg.data).toString('latin1')}`;
    let frame = cached(key);
    if (frame) cacheCounts.hits++;
    else {
      cacheCounts.misses++;
      let body = Buffer.from(`[${answerOf(JSON.parse(Buffer.from(msg.data).toString('utf8'))).join(',')}]`, 'utf8');
      const zipped = gzip && body.length > GeoSearchWire.compressAboveBytes;
      if (zipped) body = gzipSync(body, { level: 1 });
      frame = Buffer.concat([Buffer.from(`${geoReplyLine({ gzip: zipped })}\n`, 'latin1'), body]);
      keep(key, frame);
    }
    msg.respond(frame, { headers: okHeaders });
  } catch (e) {
    msg.respond(Buffer.from(geoErrorFrame({ code: 'internal', message: e.message }), 'utf8'));
  }
}

nc.subscribe(env.BENCH_PEER_VIEWPORT_SUBJECT, { queue: 'bench-peer', callback: (err, msg) => !err && respond(msg, viewport) });
nc.subscribe(env.BENCH_PEER_NEARBY_SUBJECT, { queue: 'bench-peer', callback: (err, msg) => !err && respond(msg, nearby) });
nc.subscribe(env.BENCH_PEER_STATS_SUBJECT, {
  callback: (err, msg) => {
    if (err) return;
    const since = Number(JSON.parse(Buffer.from(msg.data).toString('utf8') || '{}').since ?? 0);
    msg.respond(
      JSON.stringify({
        kits: kits.size,
        revision,
        headRevision,
        loadedMs: Math.round(loadedMs),
        rebuilds: rebuilds
          .filter((r) => r.at >= since)
          .map((r) => ({ ...r, ms: Math.round(r.ms), superclusterMs: Math.round(r.superclusterMs), kdbushMs: Math.round(r.kdbushMs) })),
        cache: { ...cacheCounts, entries: cache.size, bytes: cacheBytes, limitBytes: CACHE_BYTES },
        rssBytes: process.memoryUsage().rss,
      }),
    );
  },
});
await nc.flush();
console.log(`peer responder ready ${kits.size}`);
process.on('SIGTERM', async () => {
  await nc.drain().catch(() => undefined);
  process.exit(0);
});
