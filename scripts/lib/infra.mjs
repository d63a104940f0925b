// Infrastructure helpers shared by `npm start` and `npm test`: reuse Postgres, NATS and Redis when they
// already answer, otherwise start them (docker compose where an engine answers, else the machine's binaries),
// and create / drop the register's database. Only node: builtins and `pg`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

export const DEFAULTS = Object.freeze({
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/bleedkits',
  NATS_URL: 'nats://127.0.0.1:4222',
  REDIS_URL: 'redis://127.0.0.1:6379',
});

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Reads KEY=VALUE lines from a .env file into `target` without overriding keys already set. */
export function loadEnvFile(file = path.join(ROOT, '.env'), target = process.env) {
  if (!existsSync(file)) return {};
  const loaded = {};
  for (const raw of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2];
    if ((value.startsWith('"') && value.endsWith('"') && value.length >= 2) || (value.startsWith("'") && value.endsWith("'") && value.length >= 2)) {
      const quote = value[0];
      value = value.slice(1, -1);
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else {
      // An unquoted value ends at an inline comment (" #").
      const hash = value.search(/\s#/);
      if (hash >= 0) value = value.slice(0, hash);
      value = value.trim();
    }
    if (target[m[1]] === undefined) {
      target[m[1]] = value;
      loaded[m[1]] = value;
    }
  }
  return loaded;
}

/** host/port of the first URL in a (possibly comma-separated) list, with the protocol's default port. */
export function endpointOf(url, defaultPort) {
  const first = String(url).split(',')[0].trim();
  const u = new URL(first);
  const host = u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  return { host, port: Number(u.port || defaultPort) };
}

/** Resolves true when a TCP connection to host:port opens within timeoutMs. */
export function canConnect(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function waitForPort(host, port, { timeoutMs = 60_000, name = `${host}:${port}` } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await canConnect(host, port, 1000)) return;
    await sleep(250);
  }
  throw new Error(`${name} is not answering on ${host}:${port} after ${Math.round(timeoutMs / 1000)} s`);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function dockerAvailable() {
  const r = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 15_000 });
  return r.status === 0;
}

function sh(command) {
  const r = spawnSync('sh', ['-c', command], { encoding: 'utf8', timeout: 60_000 });
  return { ok: r.status === 0, output: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() };
}

function which(bin, fallbacks = []) {
  const r = spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' });
  const found = r.status === 0 ? r.stdout.trim() : '';
  if (found) return found;
  return fallbacks.find((f) => existsSync(f)) ?? null;
}

function postgresVersion() {
  if (!existsSync('/etc/postgresql')) return null;
  const versions = readdirSync('/etc/postgresql')
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ?? null;
}

/** Local start commands: the machine's own, only for the standard ports. */
const LOCAL = {
  postgres: {
    port: 5432,
    start() {
      if (!which('pg_ctlcluster', ['/usr/bin/pg_ctlcluster'])) throw new Error('pg_ctlcluster not found: install the postgresql package');
      const version = postgresVersion();
      if (!version) throw new Error('no cluster under /etc/postgresql: install the postgresql package');
      return sh(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`);
    },
  },
  redis: {
    port: 6379,
    start() {
      if (!which('redis-server', ['/usr/bin/redis-server'])) throw new Error('redis-server not found: install the redis-server package');
      mkdirSync('/var/lib/redis', { recursive: true });
      mkdirSync('/var/log/redis', { recursive: true });
      return sh(
        'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
      );
    },
  },
  nats: {
    port: 4222,
    start() {
      if (!existsSync('/usr/sbin/nats-server')) throw new Error('/usr/sbin/nats-server not found: install the nats-server package');
      mkdirSync('/var/lib/nats-server', { recursive: true });
      return sh(
        'start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log',
      );
    },
  },
};

/**
 * Makes sure Postgres, NATS and Redis named by env (or the defaults) answer on TCP.
 * Starts what is missing: `docker compose up -d <svc>` when `docker info` succeeds, else the local binaries
 * (only for loopback hosts on the standard ports). Throws a clear error when something stays down.
 */
export async function ensureInfrastructure(env = process.env, { log = console.log, timeoutMs = 60_000 } = {}) {
  const targets = [
    { name: 'postgres', label: 'PostgreSQL', ...endpointOf(env.DATABASE_URL || DEFAULTS.DATABASE_URL, 5432) },
    { name: 'nats', label: 'NATS', ...endpointOf(env.NATS_URL || DEFAULTS.NATS_URL, 4222) },
    { name: 'redis', label: 'Redis', ...endpointOf(env.REDIS_URL || DEFAULTS.REDIS_URL, 6379) },
  ];
  let docker; // asked at most once, only when something is down
  for (const t of targets) {
    if (await canConnect(t.host, t.port)) continue;
    log(`${t.label} is not answering on ${t.host}:${t.port}; starting it`);
    docker ??= dockerAvailable();
    if (docker) {
      const r = spawnSync('docker', ['compose', 'up', '-d', t.name], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
      if (r.status !== 0) throw new Error(`docker compose up -d ${t.name} failed:\n${r.stdout}${r.stderr}`);
    } else {
      const local = LOCAL[t.name];
      if (!LOOPBACK.has(t.host) || t.port !== local.port) {
        throw new Error(
          `${t.label} at ${t.host}:${t.port} is not answering, and only the standard local port ${local.port} can be started here (no Docker engine)`,
        );
      }
      const r = local.start();
      if (!r.ok) throw new Error(`starting ${t.label} failed:\n${r.output}`);
    }
    await waitForPort(t.host, t.port, { timeoutMs, name: t.label });
    log(`${t.label} is answering on ${t.host}:${t.port}`);
  }
}

function pgClient(connectionString) {
  const { Client } = require('pg');
  return new Client({ connectionString, connectionTimeoutMillis: 10_000 });
}

function splitDatabaseUrl(databaseUrl) {
  const u = new URL(databaseUrl);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`DATABASE_URL names no database: ${databaseUrl}`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  return { name, adminUrl: admin.toString() };
}

const quoteIdent = (s) => `"${String(s).replace(/"/g, '""')}"`;

/** Creates the database named in the URL when it is missing. Resolves true when it created it. */
export async function ensureDatabase(databaseUrl = DEFAULTS.DATABASE_URL) {
  const { name, adminUrl } = splitDatabaseUrl(databaseUrl);
  const client = pgClient(adminUrl);
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    try {
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    } catch (err) {
      if (err?.code === '42P04') return false; // created concurrently
      throw err;
    }
    return true;
  } finally {
    await client.end();
  }
}

/** Drops the database named in the URL (for tests), closing its connections first. */
export async function dropDatabase(databaseUrl) {
  const { name, adminUrl } = splitDatabaseUrl(databaseUrl);
  if (name === 'postgres' || name === 'template0' || name === 'template1') throw new Error(`refusing to drop ${name}`);
  const client = pgClient(adminUrl);
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Returns a TCP port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Runs one Redis command over RESP (e.g. ['FLUSHDB'] after ['SELECT', '15']); tiny, for test setup only. */
export function redisCommands(redisUrl, commands, timeoutMs = 5000) {
  const { host, port } = endpointOf(redisUrl, 6379);
  const u = new URL(redisUrl);
  const all = [];
  if (u.password)
    all.push(u.username ? ['AUTH', decodeURIComponent(u.username), decodeURIComponent(u.password)] : ['AUTH', decodeURIComponent(u.password)]);
  const db = u.pathname.replace(/^\//, '');
  if (db) all.push(['SELECT', db]);
  all.push(...commands);
  const payload = all.map((c) => `*${c.length}\r\n${c.map((a) => `$${Buffer.byteLength(String(a))}\r\n${a}\r\n`).join('')}`).join('');
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let buf = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`redis ${host}:${port} did not answer`));
    }, timeoutMs);
    socket.on('connect', () => socket.write(payload));
    socket.on('data', (d) => {
      buf += d.toString();
      const replies = buf.split('\r\n').filter((l) => /^[+\-:]/.test(l));
      if (replies.length >= all.length) {
        clearTimeout(timer);
        socket.end();
        const err = replies.find((r) => r.startsWith('-'));
        err ? reject(new Error(`redis: ${err.slice(1)}`)) : resolve(replies);
      }
    });
    socket.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

/**
 * Backups need pg_dump, pg_restore and psql of at least the server's major version (pg_dump refuses a newer
 * server). Returns the version found; when missing or too old, installs postgresql-client-<major> with apt-get
 * where that is possible (root on Debian), else throws with what to install.
 */
export async function ensurePostgresClient(databaseUrl = DEFAULTS.DATABASE_URL, { log = console.log } = {}) {
  const client = pgClient(databaseUrl.replace(/\/[^/?]*(\?|$)/, '/postgres$1'));
  await client.connect();
  let major;
  try {
    major = Math.floor(Number((await client.query("SELECT current_setting('server_version_num') AS n")).rows[0].n) / 10000);
  } finally {
    await client.end();
  }
  const found = () => {
    for (const bin of [`/usr/lib/postgresql/${major}/bin/pg_dump`, which('pg_dump')].filter(Boolean)) {
      const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
      const v = /(\d+)\./.exec(r.stdout ?? '');
      if (r.status === 0 && v && Number(v[1]) >= major) return r.stdout.trim();
    }
    return null;
  };
  let version = found();
  if (version) return version;
  const pkg = `postgresql-client-${major}`;
  if (process.getuid?.() === 0 && which('apt-get')) {
    log(`installing ${pkg} (pg_dump for backups)`);
    sh(`apt-get install -y -qq --no-install-recommends ${pkg} || (apt-get update -qq && apt-get install -y -qq --no-install-recommends ${pkg})`);
    version = found();
    if (version) return version;
  }
  throw new Error(`backups need pg_dump ${major} or newer for this PostgreSQL ${major} server: install ${pkg} (or set BACKUP_PG_BIN_DIR)`);
}

/** Path of the nats-server binary (`command -v nats-server`, else /usr/sbin/nats-server), or null. */
export function findNatsServer(env = process.env) {
  if (env.NATS_SERVER_BIN && existsSync(env.NATS_SERVER_BIN)) return env.NATS_SERVER_BIN;
  return which('nats-server', ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server']);
}

/** The same server, another database name. */
export function replaceDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The same Redis, another logical database. */
export function redisDb(url, db) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString().replace(/\/$/, '');
}

/**
 * `n` distinct free ports for servers to listen on, below the kernel's ephemeral range. A port picked by binding to
 * port 0 comes from that range, and before the server binds it an outgoing connection (to Postgres, Redis, NATS) may
 * take it as its local port and hold it for as long as it lives: a service then fails to listen on every restart.
 */
export async function distinctListeningPorts(n) {
  let low = 32768;
  try {
    low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || low;
  } catch {
    // not Linux: the usual range
  }
  const from = 10000;
  if (low - from < 1000) return distinctFreePorts(n);
  const ports = [];
  let candidate = from + Math.floor(Math.random() * (low - from - 200));
  for (let tried = 0; ports.length < n && tried < low - from; tried++, candidate = candidate + 1 >= low ? from : candidate + 1) {
    if (await canListenOn(candidate)) ports.push(candidate);
  }
  return ports.length === n ? ports : distinctFreePorts(n);
}

function canListenOn(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '0.0.0.0', () => srv.close(() => resolve(true)));
  });
}

export async function distinctFreePorts(n) {
  const ports = new Set();
  while (ports.size < n) ports.add(await freePort());
  return [...ports];
}
