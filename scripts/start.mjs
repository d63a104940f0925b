#!/usr/bin/env node
// `npm start`: infrastructure, database, build, then every service and the gateway, until Ctrl-C / SIGTERM.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureDatabase, ensureInfrastructure, ensurePostgresClient, loadEnvFile } from './lib/infra.mjs';
import { DEFAULT_GATEWAY_PORT, baseEnv, startStack } from './lib/stack.mjs';

const say = (text) => console.log(`[start] ${text}`);
const fail = (text) => {
  console.error(`[start] ${text}`);
  process.exit(1);
};

// A fresh clone has no node_modules: install exactly the locked versions first, so `npm start` is the only step.
if (!existsSync(path.join(ROOT, 'node_modules', '.package-lock.json'))) {
  say('installing dependencies (npm ci)');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) fail('npm ci failed');
}

loadEnvFile();
const env = baseEnv({ SEED_DEMO_KITS: '150', ...process.env });
const port = Number(env.PORT || DEFAULT_GATEWAY_PORT);
if (!Number.isInteger(port) || port <= 0) fail(`PORT must be a port number, not ${env.PORT}`);

try {
  await ensureInfrastructure(env, { log: say });
  if (await ensureDatabase(env.DATABASE_URL)) say(`created database ${new URL(env.DATABASE_URL).pathname.slice(1)}`);
  say(`backups use ${await ensurePostgresClient(env.DATABASE_URL, { log: say })}`);
} catch (err) {
  fail(err.message);
}

if (process.env.START_SKIP_BUILD === '1') {
  say('START_SKIP_BUILD=1: using the existing dist/ folders');
} else {
  say('building (npx nx run-many -t build)');
  const r = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--output-style=stream'], { cwd: ROOT, stdio: 'inherit', env: process.env });
  if (r.status !== 0) fail(`the build failed (exit ${r.status ?? r.signal}); fix it, or START_SKIP_BUILD=1 to run what is built`);
}

let stack;
let exiting = false;
async function shutdown(code, why) {
  if (exiting) return;
  exiting = true;
  if (why) say(why);
  if (stack) await stack.stop();
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0, 'SIGINT: stopping'));
process.on('SIGTERM', () => shutdown(0, 'SIGTERM: stopping'));

try {
  stack = await startStack({
    env,
    port,
    log: (line) => console.log(line),
    onGiveUp: (name) => shutdown(1, `${name} keeps dying; stopping everything rather than running half a system`),
  });
} catch (err) {
  fail(err.message);
}

const timeoutMs = Number(process.env.START_HEALTH_TIMEOUT_SECONDS || 180) * 1000;
try {
  await stack.waitHealthy({ timeoutMs });
  console.log(`Bleed-kit register running at http://localhost:${port}`);
} catch (err) {
  await shutdown(1, `not healthy: ${err.message}`);
}
