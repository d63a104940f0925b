#!/usr/bin/env node
// The register as production spreads it, on one machine: "hosts" made of Linux network namespaces joined to a bridge
// by veth pairs, a NATS cluster of three servers (one per host, with the configuration k8s/base/nats.yaml ships),
// and a Postgres and an append-only Redis of their own on the machine's side of the bridge, reached over the links.
// `npm run bench:faults` uses it to lose a server, a link or a store under load; `node scripts/cluster.mjs up`
// starts the topology alone (to poke at it), `down` removes whatever a run left. Needs root (ip netns), iproute2,
// nats-server, redis-server and PostgreSQL's server binaries (all Debian packages).
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { ROOT, findNatsServer, sleep, waitForPort } from './lib/infra.mjs';

const require = createRequire(import.meta.url);

/** The bridge and its subnet: the machine's side is .1, each host has its own address. */
export const BRIDGE = { name: 'bk-br0', subnet: '10.77.0', address: '10.77.0.1' };

/**
 * The hosts: three for NATS, the gateway, two geo-search replicas, kits with identity, and the four pipeline
 * contexts. Names are short: a veth's name is at most 15 characters.
 */
export const HOSTS = Object.freeze({
  'nats-0': '10.77.0.10',
  'nats-1': '10.77.0.11',
  'nats-2': '10.77.0.12',
  gateway: '10.77.0.20',
  'geo-0': '10.77.0.30',
  'geo-1': '10.77.0.31',
  kits: '10.77.0.40',
  jobs: '10.77.0.41',
});

const NETNS_PREFIX = 'bk-';
const VETH_PREFIX = 'bkh-';
export const netnsOf = (host) => `${NETNS_PREFIX}${host}`;
const vethOf = (host) => `${VETH_PREFIX}${host}`;

function ip(...args) {
  return execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function tryIp(...args) {
  try {
    ip(...args);
  } catch {
    /* already gone */
  }
}

/** Why the topology cannot be made here, or null. */
export function cannotRun() {
  if (process.getuid?.() !== 0) return 'network namespaces need root';
  try {
    execFileSync('ip', ['-V'], { stdio: 'ignore' });
  } catch {
    return 'iproute2 (ip) is not installed';
  }
  if (!findNatsServer()) return 'nats-server is not installed';
  if (!postgresBinDir()) return "PostgreSQL's server binaries are not installed";
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
  } catch {
    return 'redis-server is not installed';
  }
  return null;
}

/** Removes every namespace, veth and the bridge a run made (also what a killed run left behind). */
export function removeNetwork() {
  const names = readdirSafe('/run/netns').filter((n) => n.startsWith(NETNS_PREFIX));
  for (const ns of names) tryIp('netns', 'del', ns);
  for (const host of Object.keys(HOSTS)) tryIp('link', 'del', vethOf(host));
  tryIp('link', 'del', BRIDGE.name);
}

function readdirSafe(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Creates the bridge and one namespace per host, each with its address, loopback up. */
export function createNetwork() {
  removeNetwork();
  ip('link', 'add', BRIDGE.name, 'type', 'bridge');
  ip('addr', 'add', `${BRIDGE.address}/24`, 'dev', BRIDGE.name);
  ip('link', 'set', BRIDGE.name, 'up');
  for (const [host, address] of Object.entries(HOSTS)) {
    const ns = netnsOf(host);
    ip('netns', 'add', ns);
    ip('link', 'add', vethOf(host), 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns);
    ip('link', 'set', vethOf(host), 'master', BRIDGE.name);
    ip('link', 'set', vethOf(host), 'up');
    ip('-n', ns, 'addr', 'add', `${address}/24`, 'dev', 'eth0');
    ip('-n', ns, 'link', 'set', 'eth0', 'up');
    ip('-n', ns, 'link', 'set', 'lo', 'up');
  }
}

/** Cuts a host off the network (its link down: packets dropped, no reset sent), or joins it again. */
export function setLink(host, up) {
  ip('link', 'set', vethOf(host), up ? 'up' : 'down');
}

/** Every process this module started and that still runs: killed at once by killEverything (an interrupted run). */
const children = new Set();
function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** SIGKILL to every process started here (and any registered with trackProcess): for an interrupted run. */
export function killEverything() {
  for (const child of children) child.kill('SIGKILL');
}

/** Registers a process started elsewhere (a service on a host) for killEverything. */
export const trackProcess = track;

/** Spawns a command inside a host's namespace (`ip netns exec` execs it: the child's pid is the command's). */
export function spawnOn(host, command, args, options = {}) {
  return track(spawn('ip', ['netns', 'exec', netnsOf(host), command, ...args], options));
}

/** Kills a child (SIGKILL unless told) and resolves once it has exited. */
export function killChild(child, signal = 'SIGKILL') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

const logTo = (child, logFile, name) => {
  if (!logFile) return;
  const write = (d) => writeFileSync(logFile, `${d.toString().trimEnd().replace(/^/gm, `${name} | `)}\n`, { flag: 'a' });
  child.stdout?.on('data', write);
  child.stderr?.on('data', write);
};

/** The NATS configuration production runs (k8s/base/nats.yaml), for one server of this topology. */
export function natsConfigFor(index, { storeDir, pidFile }) {
  const { parseAllDocuments } = require('yaml');
  const docs = parseAllDocuments(readFileSync(path.join(ROOT, 'k8s/base/nats.yaml'), 'utf8')).map((d) => d.toJS());
  const conf = docs.find((d) => d?.kind === 'ConfigMap' && d.metadata?.name === 'nats-config')?.data?.['nats.conf'];
  if (!conf) throw new Error('k8s/base/nats.yaml has no nats-config ConfigMap with nats.conf');
  return conf
    .replace('$POD_NAME', `nats-${index}`)
    .replace(/store_dir:.*$/m, `store_dir: ${JSON.stringify(storeDir)}`)
    .replace(/pid_file:.*$/m, `pid_file: ${JSON.stringify(pidFile)}`)
    .replace(/nats:\/\/nats-(\d)\.nats:6222/g, (_, i) => `nats://${HOSTS[`nats-${i}`]}:6222`);
}

/**
 * Three nats-server processes, one per NATS host, joined by cluster routes with JetStream on file storage: what
 * each process's NATS_URL names is `url`. kill(i) is `kill -9`; start(i) starts it again with its store.
 */
export async function startNatsCluster(workDir, { logFile } = {}) {
  const nodes = [0, 1, 2].map((i) => {
    const dir = path.join(workDir, `nats-${i}`);
    mkdirSync(path.join(dir, 'store'), { recursive: true });
    const file = path.join(dir, 'nats.conf');
    writeFileSync(file, natsConfigFor(i, { storeDir: path.join(dir, 'store'), pidFile: path.join(dir, 'nats.pid') }));
    return { index: i, host: `nats-${i}`, address: HOSTS[`nats-${i}`], file, child: null };
  });
  const start = async (i) => {
    const n = nodes[i];
    n.child = spawnOn(n.host, findNatsServer(), ['-c', n.file], { stdio: ['ignore', 'pipe', 'pipe'] });
    logTo(n.child, logFile, n.host);
    await waitForPort(n.address, 4222, { name: n.host, timeoutMs: 30_000 });
  };
  const cluster = {
    url: nodes.map((n) => `nats://${n.address}:4222`).join(','),
    nodes,
    monitorUrl: (i) => `http://${nodes[i].address}:8222`,
    start,
    kill: async (i) => {
      await killChild(nodes[i].child);
      nodes[i].child = null;
    },
    /** Every running server answers /healthz (JetStream current: a meta leader, streams caught up). */
    async whenHealthy(timeoutMs = 60_000) {
      for (const deadline = Date.now() + timeoutMs; ; await sleep(250)) {
        const running = nodes.filter((n) => n.child);
        const ok = await Promise.all(
          running.map((n) =>
            fetch(`http://${n.address}:8222/healthz`, { signal: AbortSignal.timeout(1000) }).then(
              (r) => r.status === 200,
              () => false,
            ),
          ),
        );
        if (ok.every(Boolean)) return;
        if (Date.now() > deadline) throw new Error(`the NATS cluster was not healthy within ${timeoutMs / 1000} s`);
      }
    },
    async connections() {
      return Promise.all(
        nodes.map((n) =>
          n.child
            ? fetch(`http://${n.address}:8222/varz`, { signal: AbortSignal.timeout(2000) })
                .then((r) => r.json())
                .then(
                  (v) => v.connections,
                  () => 0,
                )
            : 0,
        ),
      );
    },
    async stop() {
      await Promise.all(nodes.map((n) => killChild(n.child)));
    },
  };
  await Promise.all(nodes.map((n) => start(n.index)));
  await cluster.whenHealthy();
  return cluster;
}

function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  const versions = readdirSafe(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

function postgresUser() {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('there is no postgres user to run a private PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * A PostgreSQL server of its own (initdb in workDir, trust auth for the bridge's subnet), listening on loopback and
 * on the bridge, so the hosts reach it over their links and a restart disturbs no one else's database.
 * restart(mode): 'immediate' is a crash (the postmaster quits without a checkpoint, recovery replays the WAL).
 */
export async function startPostgres(workDir, { port, logFile } = {}) {
  const bin = postgresBinDir();
  const user = postgresUser();
  const dataDir = path.join(workDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  chownSync(workDir, user.uid, user.gid);
  chownSync(dataDir, user.uid, user.gid);
  execFileSync(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale', 'C.UTF-8'], {
    ...user,
    stdio: 'ignore',
  });
  writeFileSync(path.join(dataDir, 'pg_hba.conf'), `host all all ${BRIDGE.subnet}.0/24 trust\n`, { flag: 'a' });
  let child = null;
  const pg = {
    url: (database) => `postgres://postgres@${BRIDGE.address}:${port}/${database}`,
    async start() {
      const args = ['-D', dataDir, '-p', String(port), '-k', dataDir, '-c', `listen_addresses=127.0.0.1,${BRIDGE.address}`];
      args.push('-c', 'max_connections=400', '-c', 'shared_buffers=256MB');
      child = track(spawn(path.join(bin, 'postgres'), args, { ...user, stdio: ['ignore', 'pipe', 'pipe'] }));
      logTo(child, logFile, 'postgres');
      for (const deadline = Date.now() + 60_000; ; await sleep(200)) {
        try {
          execFileSync(path.join(bin, 'pg_isready'), ['-h', BRIDGE.address, '-p', String(port), '-q']);
          return;
        } catch {
          if (child.exitCode !== null || Date.now() > deadline) throw new Error('the private PostgreSQL did not start');
        }
      }
    },
    /** SIGQUIT: immediate shutdown (a crash as far as clients and the WAL are concerned); SIGINT: fast shutdown. */
    async stop(mode = 'immediate') {
      await killChild(child, mode === 'immediate' ? 'SIGQUIT' : 'SIGINT');
      child = null;
    },
  };
  await pg.start();
  return pg;
}

/**
 * A Redis of its own, configured as production must run it for BullMQ: append-only file (fsync every second) and
 * `maxmemory-policy noeviction` (k8s/base/redis.yaml). stop() is SIGTERM: Redis writes its append-only file and
 * exits; start() loads it again.
 */
export async function startRedis(workDir, { port, logFile } = {}) {
  const dir = path.join(workDir, 'redis');
  mkdirSync(dir, { recursive: true });
  let child = null;
  const redis = {
    url: `redis://${BRIDGE.address}:${port}`,
    async start() {
      const args = ['--port', String(port), '--bind', `127.0.0.1 ${BRIDGE.address}`, '--dir', dir, '--save', ''];
      args.push('--appendonly', 'yes', '--appendfsync', 'everysec', '--maxmemory-policy', 'noeviction', '--protected-mode', 'no');
      child = track(spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] }));
      logTo(child, logFile, 'redis');
      await waitForPort(BRIDGE.address, port, { name: 'redis', timeoutMs: 30_000 });
      // Loading the append-only file: answers LOADING until done.
      for (const deadline = Date.now() + 60_000; ; await sleep(200)) {
        const out = execFileSync('redis-cli', ['-h', BRIDGE.address, '-p', String(port), 'PING'], { encoding: 'utf8' }).trim();
        if (out === 'PONG') return;
        if (Date.now() > deadline) throw new Error(`the private Redis answered ${out}`);
      }
    },
    async stop() {
      await killChild(child, 'SIGTERM');
      child = null;
    },
  };
  await redis.start();
  return redis;
}

/** A work folder for a run's stores and logs (removed by removeWorkDir). */
export function makeWorkDir() {
  return mkdtempSync(path.join(tmpdir(), 'bk-cluster-'));
}

export function removeWorkDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

async function cli(command) {
  if (command === 'down') {
    removeNetwork();
    console.log('[cluster] removed the namespaces, veths and bridge');
    return;
  }
  if (command !== 'up') throw new Error('usage: node scripts/cluster.mjs up|down');
  const why = cannotRun();
  if (why) throw new Error(`cannot make the topology here: ${why}`);
  const work = makeWorkDir();
  createNetwork();
  const nats = await startNatsCluster(work, { logFile: path.join(work, 'cluster.log') });
  const pg = await startPostgres(work, { port: 55432, logFile: path.join(work, 'cluster.log') });
  const redis = await startRedis(work, { port: 56379, logFile: path.join(work, 'cluster.log') });
  console.log(
    `[cluster] hosts: ${Object.entries(HOSTS)
      .map(([h, a]) => `${h} ${a} (ip netns exec ${netnsOf(h)} ...)`)
      .join(', ')}`,
  );
  console.log(`[cluster] NATS_URL=${nats.url}`);
  console.log(`[cluster] DATABASE_URL=${pg.url('postgres')}`);
  console.log(`[cluster] REDIS_URL=${redis.url}`);
  console.log(`[cluster] logs and stores in ${work}; Ctrl-C stops everything and removes the network`);
  const stopAll = async () => {
    await nats.stop();
    await pg.stop('fast');
    await redis.stop();
    removeNetwork();
    removeWorkDir(work);
    process.exit(0);
  };
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  cli(process.argv[2]).catch((e) => {
    console.error(`[cluster] ${e.message}`);
    removeNetwork();
    process.exit(1);
  });
