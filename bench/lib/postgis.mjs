// The PostGIS baseline of `npm run bench:geo`: how a team without geo-search would answer the finder. PostGIS from
// Debian's packages (installed when missing, matching the server's major version), a point column and a geography
// column generated from each kit's latitude and longitude, GiST indexes on the public kits, and two SQL queries:
// viewport = the kits of the box when they fit the limit, else ST_SnapToGrid clusters of 1/8 tile; nearby = KNN (<->)
// within the radius. A bench fixture on the bench's own database: the product never uses it.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Installs PostGIS for the server's major version when `CREATE EXTENSION postgis` cannot find it. */
export async function ensurePostgis(databaseUrl, { log = () => {} } = {}) {
  const { Client } = require('pg');
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query(`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'postgis'`);
    if (rows[0].n > 0) return 'present';
    const major = (await c.query('SHOW server_version_num')).rows[0].server_version_num.slice(0, -4);
    const pkg = `postgresql-${major}-postgis-3`;
    log(`PostGIS is missing: apt-get install -y ${pkg}`);
    const update = spawnSync('apt-get', ['update'], { stdio: 'ignore' });
    if (update.status !== 0) log('apt-get update failed; trying the install anyway');
    const r = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], {
      encoding: 'utf8',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (r.status !== 0) throw new Error(`could not install ${pkg}:\n${(r.stderr || r.stdout).slice(-2000)}`);
    return 'installed';
  } finally {
    await c.end();
  }
}

/** Adds the baseline's columns and indexes to the bench database's kits (after seeding, before the stack starts). */
export async function preparePostgis(databaseUrl) {
  const { Client } = require('pg');
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const started = Date.now();
    await c.query('CREATE EXTENSION IF NOT EXISTS postgis');
    await c.query(`ALTER TABLE kits.kits
      ADD COLUMN IF NOT EXISTS bench_geom geometry(Point, 4326)
        GENERATED ALWAYS AS (ST_SetSRID(ST_MakePoint(longitude::float8, latitude::float8), 4326)) STORED,
      ADD COLUMN IF NOT EXISTS bench_geog geography(Point, 4326)
        GENERATED ALWAYS AS (ST_SetSRID(ST_MakePoint(longitude::float8, latitude::float8), 4326)::geography) STORED`);
    await c.query(`CREATE INDEX IF NOT EXISTS bench_kits_geom ON kits.kits USING gist (bench_geom) WHERE status = 'active' AND public_display`);
    await c.query(`CREATE INDEX IF NOT EXISTS bench_kits_geog ON kits.kits USING gist (bench_geog) WHERE status = 'active' AND public_display`);
    await c.query('ANALYZE kits.kits');
    return { seconds: Math.round((Date.now() - started) / 100) / 10 };
  } finally {
    await c.end();
  }
}

const KIT_JSON = `json_build_object('id', id, 'locationName', location_name, 'locationType', location_type, 'latitude', latitude::float8,
  'longitude', longitude::float8, 'openingHours', opening_hours, 'what3words', what3words, 'addressLine1', address_line1, 'city', city,
  'postcode', postcode, 'detailedLocation', detailed_location, 'deploymentStatus', deployment_status)`;

/** Viewport: $1 west, $2 south, $3 east, $4 north, $5 limit, $6 grid cell in degrees. One round trip, JSON made by Postgres. */
export const VIEWPORT_SQL = `
WITH box AS (SELECT ST_MakeEnvelope($1, $2, $3, $4, 4326) AS g),
     inside AS (SELECT k.* FROM kits.kits k, box WHERE k.status = 'active' AND k.public_display AND k.bench_geom && box.g),
     n AS (SELECT count(*) AS c FROM (SELECT 1 FROM inside LIMIT $5 + 1) x)
SELECT CASE WHEN (SELECT c FROM n) <= $5
  THEN (SELECT coalesce(json_agg(${KIT_JSON} ORDER BY id), '[]'::json) FROM inside)
  ELSE (SELECT coalesce(json_agg(json_build_object('isCluster', true, 'id', cell, 'count', c, 'latitude', lat, 'longitude', lng)), '[]'::json)
          FROM (SELECT ST_AsText(ST_SnapToGrid(bench_geom, $6)) AS cell, count(*) AS c, avg(latitude::float8) AS lat, avg(longitude::float8) AS lng
                  FROM inside GROUP BY 1) s)
END AS answer`;

/** Nearby: $1 lng, $2 lat, $3 radius in metres, $4 limit. KNN on the geography index, distance in km to 2 decimals. */
export const NEARBY_SQL = `
SELECT coalesce(json_agg(t), '[]'::json) AS answer FROM (
  SELECT ${KIT_JSON}::jsonb || jsonb_build_object('distance', round((ST_Distance(k.bench_geog, q.p) / 1000)::numeric, 2)) AS t
    FROM kits.kits k, (SELECT ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography AS p) q
   WHERE k.status = 'active' AND k.public_display AND ST_DWithin(k.bench_geog, q.p, $3)
   ORDER BY k.bench_geog <-> q.p
   LIMIT $4) s`;
