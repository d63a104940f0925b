// The PostGIS baseline's service: answers the bench's two subjects on NATS (queue group 'bench-postgis') with the
// SQL of postgis.mjs, in geo-search's reply frame, so the gateway relays them like the finder's own answers.
// Started by bench:geo as a child process: NATS_URL, DATABASE_URL, BENCH_VIEWPORT_SUBJECT, BENCH_NEARBY_SUBJECT.
import { createRequire } from 'node:module';
import { NEARBY_SQL, VIEWPORT_SQL } from './postgis.mjs';

const require = createRequire(import.meta.url);
const { connect } = require('nats');
const { Pool } = require('pg');

const env = process.env;
// A query the gateway has given up on (it answers the client after its own timeout and one retry) is not worth
// finishing: without these bounds the baseline's backlog kept Postgres busy into the scenarios measured after it.
const giveUpMs = Number(env.BENCH_POSTGIS_GIVE_UP_MS || 4000);
const pool = new Pool({
  connectionString: env.DATABASE_URL,
  max: Number(env.BENCH_POSTGIS_POOL || 8),
  statement_timeout: giveUpMs,
  connectionTimeoutMillis: giveUpMs,
});
const nc = await connect({ servers: env.NATS_URL, name: 'bench-postgis' });

const ok = (json) => Buffer.from(`ok\n${json}`);
const failed = (message) => Buffer.from(`error\n${JSON.stringify({ code: 'internal', message })}`);

async function answer(msg, run) {
  try {
    const q = JSON.parse(Buffer.from(msg.data).toString('utf8'));
    const { rows } = await run(q);
    msg.respond(ok(JSON.stringify(rows[0].answer)));
  } catch (e) {
    msg.respond(failed(e.message));
  }
}

nc.subscribe(env.BENCH_VIEWPORT_SUBJECT, {
  queue: 'bench-postgis',
  callback: (err, msg) =>
    !err && answer(msg, (q) => pool.query(VIEWPORT_SQL, [q.west, q.south, q.east, q.north, q.limit, 360 / 2 ** (Math.floor(q.zoom) + 3)])),
});
nc.subscribe(env.BENCH_NEARBY_SUBJECT, {
  queue: 'bench-postgis',
  callback: (err, msg) => !err && answer(msg, (q) => pool.query(NEARBY_SQL, [q.lng, q.lat, q.radius * 1000, q.limit])),
});
await nc.flush();
console.log('postgis responder ready');
process.on('SIGTERM', async () => {
  await nc.drain().catch(() => undefined);
  await pool.end().catch(() => undefined);
  process.exit(0);
});
