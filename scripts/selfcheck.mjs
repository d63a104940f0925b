#!/usr/bin/env node
// Self check of the ops scripts (not part of `npm test`): `node scripts/selfcheck.mjs`.
// Exercises the env parser, the infrastructure and database helpers against the local servers, the summary
// counting, and startStack against a fake stack of tiny Node processes (restart with backoff, give-up, stop).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import {
  DEFAULTS,
  canConnect,
  dropDatabase,
  endpointOf,
  ensureDatabase,
  ensureInfrastructure,
  findNatsServer,
  freePort,
  loadEnvFile,
  redisCommands,
} from './lib/infra.mjs';
import { SERVICES, startStack } from './lib/stack.mjs';
import { SUMMARY_LIKE, countJest, countPlaywright, sanitizeLine, summaryLine } from './lib/summary.mjs';

const require = createRequire(import.meta.url);
let checks = 0;
const ok = (what) => {
  checks += 1;
  console.log(`ok ${checks} - ${what}`);
};
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bleedkits-selfcheck-'));

// --- .env parser
{
  const file = path.join(tmp, '.env');
  writeFileSync(
    file,
    ['# comment', 'A=1', 'export B = two words # trailing', 'C="quoted # kept"', "D='single'", 'E=', 'KEEP=new', 'bad line'].join('\n'),
  );
  const target = { KEEP: 'old' };
  loadEnvFile(file, target);
  assert.deepEqual(target, { KEEP: 'old', A: '1', B: 'two words', C: 'quoted # kept', D: 'single', E: '' });
  assert.deepEqual(loadEnvFile(path.join(tmp, 'missing.env'), {}), {});
  ok('loadEnvFile parses KEY=VALUE and never overrides');
}

// --- endpoints and TCP
{
  assert.deepEqual(endpointOf(DEFAULTS.DATABASE_URL, 5432), { host: '127.0.0.1', port: 5432 });
  assert.deepEqual(endpointOf('nats://a:1,nats://b:2', 4222), { host: 'a', port: 1 });
  assert.deepEqual(endpointOf('redis://localhost', 6379), { host: 'localhost', port: 6379 });
  const closed = await freePort();
  assert.equal(await canConnect('127.0.0.1', closed, 500), false);
  ok('endpointOf / canConnect / freePort');
}

// --- infrastructure (already up on this machine: must be a no-op) and a non-standard port that is down
{
  const lines = [];
  await ensureInfrastructure({}, { log: (l) => lines.push(l) });
  assert.deepEqual(lines, []);
  const down = await freePort();
  if (
    !(await (async () => {
      const { spawnSync } = await import('node:child_process');
      return spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;
    })())
  ) {
    await assert.rejects(
      ensureInfrastructure({ REDIS_URL: `redis://127.0.0.1:${down}` }, { log: () => {} }),
      /only the standard local port 6379 can be started/,
    );
  }
  assert.ok(findNatsServer({}), 'nats-server binary found');
  ok('ensureInfrastructure reuses running servers and refuses to start non-standard ports');
}

// --- database helpers
{
  const url = 'postgres://postgres@127.0.0.1:5432/bleedkits_selfcheck';
  await dropDatabase(url);
  assert.equal(await ensureDatabase(url), true);
  assert.equal(await ensureDatabase(url), false);
  const { Client } = require('pg');
  const c = new Client({ connectionString: url });
  c.on('error', () => {}); // dropDatabase terminates it
  await c.connect();
  assert.equal((await c.query('select current_database() as db')).rows[0].db, 'bleedkits_selfcheck');
  // dropDatabase must win against an open connection
  await dropDatabase(url);
  await c.end().catch(() => {});
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  assert.equal((await admin.query("select 1 from pg_database where datname='bleedkits_selfcheck'")).rowCount, 0);
  await admin.end();
  await assert.rejects(dropDatabase('postgres://postgres@127.0.0.1:5432/postgres'), /refusing/);
  ok('ensureDatabase creates once; dropDatabase drops with open connections');
}

// --- redis
{
  const replies = await redisCommands('redis://127.0.0.1:6379/15', [
    ['SET', 'bleedkits:selfcheck', 'x'],
    ['DEL', 'bleedkits:selfcheck'],
  ]);
  assert.deepEqual(replies, ['+OK', '+OK', ':1']);
  ok('redisCommands speaks RESP with SELECT');
}

// --- summary
{
  assert.ok(SUMMARY_LIKE.test('3 passed, 0 failed'));
  assert.ok(SUMMARY_LIKE.test('Tests: 3 passed, 1 failed'));
  assert.equal(sanitizeLine('  12 passed, 3 failed'), '|   12 passed, 3 failed');
  assert.equal(sanitizeLine('\x1b[32m1 passed, 0 failed\x1b[39m'), '| \x1b[32m1 passed, 0 failed\x1b[39m');
  assert.equal(sanitizeLine('Tests:       1 failed, 2 passed, 3 total'), 'Tests:       1 failed, 2 passed, 3 total');
  assert.equal(sanitizeLine('[test] Jest: passed 3, failed 1'), '[test] Jest: passed 3, failed 1');
  assert.deepEqual(countJest({ numPassedTests: 5, numFailedTests: 1, numRuntimeErrorTestSuites: 2, success: false }, 1), {
    passed: 5,
    failed: 3,
    note: '2 test file(s) failed to run, counted as one failure each',
  });
  assert.equal(countJest({ numPassedTests: 0, numFailedTests: 0, numRuntimeErrorTestSuites: 0, success: false }, 1).failed, 1);
  assert.equal(countJest({ numPassedTests: 4, numFailedTests: 0, numRuntimeErrorTestSuites: 0, success: true }, 0).failed, 0);
  assert.equal(countJest(null, 'timeout').failed, 1);
  assert.deepEqual(
    (({ passed, failed }) => ({ passed, failed }))(countPlaywright({ stats: { expected: 7, unexpected: 1, flaky: 1, skipped: 2 }, errors: [] }, 1)),
    { passed: 8, failed: 1 },
  );
  assert.equal(countPlaywright({ stats: { expected: 0, unexpected: 0, flaky: 0 }, errors: [{ message: 'syntax' }] }, 1).failed, 1);
  assert.equal(countPlaywright(null, 1).failed, 1);
  assert.deepEqual(
    summaryLine([
      { passed: 5, failed: 3 },
      { passed: 1, failed: 0 },
    ]),
    { passed: 6, failed: 3, line: '6 passed, 3 failed' },
  );
  ok('summary counting and sanitising');
}

// --- startStack against a fake stack
{
  const root = path.join(tmp, 'repo');
  const fakeService = `
    const http = require('node:http');
    const fs = require('node:fs');
    const name = process.argv[2];
    const crashFile = process.env.CRASH_FILE;
    if (crashFile && name === process.env.CRASH_SERVICE) {
      const n = Number(fs.existsSync(crashFile) ? fs.readFileSync(crashFile, 'utf8') : 0) + 1;
      fs.writeFileSync(crashFile, String(n));
      if (n <= Number(process.env.CRASH_TIMES)) { console.log('crashing on purpose ' + n); process.exit(3); }
    }
    http.createServer((q, s) => s.end('ok')).listen(Number(process.env.SERVICE_HTTP_PORT), '127.0.0.1', () => console.log('up on ' + process.env.SERVICE_HTTP_PORT + '\\npartial'));
    process.on('SIGTERM', () => { console.log('bye'); process.exit(0); });
  `;
  const fakeGateway = `
    const http = require('node:http');
    const ports = JSON.parse(process.env.FAKE_PORTS);
    http.createServer(async (q, s) => {
      if (q.url !== '/api/health') { s.setHeader('content-type', 'text/html'); return s.end('<div id="root"></div>'); }
      const services = {};
      let all = true;
      for (const [k, p] of Object.entries(ports)) {
        try { await fetch('http://127.0.0.1:' + p); services[k] = { status: 'up', latencyMs: 1 }; } catch { all = false; services[k] = { status: 'down' }; }
      }
      s.statusCode = all ? 200 : 503; s.end(JSON.stringify({ status: all ? 'up' : 'down', services }));
    }).listen(Number(process.env.PORT), '127.0.0.1');
    process.on('SIGTERM', () => {}); // ignores SIGTERM: stop() must SIGKILL it after the grace period
  `;
  for (const s of SERVICES) {
    mkdirSync(path.join(root, 'services', s, 'dist'), { recursive: true });
    writeFileSync(path.join(root, 'services', s, 'dist', 'main.js'), `process.argv[2]=${JSON.stringify(s)};${fakeService}`);
  }
  mkdirSync(path.join(root, 'gateway', 'dist'), { recursive: true });

  // missing gateway build -> clear error before anything starts
  await assert.rejects(startStack({ root, log: () => {} }), /not built: gateway\/dist\/main.js/);
  writeFileSync(path.join(root, 'gateway', 'dist', 'main.js'), fakeGateway);

  const ports = {};
  for (const s of SERVICES) ports[s] = await freePort();
  const port = await freePort();
  const lines = [];
  const crashFile = path.join(tmp, 'crashes');
  const stack = await startStack({
    root,
    port,
    servicePorts: ports,
    log: (l) => lines.push(l),
    env: { ...process.env, FAKE_PORTS: JSON.stringify(ports), CRASH_FILE: crashFile, CRASH_SERVICE: 'imports', CRASH_TIMES: '2', PORT: '1' },
  });
  const health = await stack.waitHealthy({ timeoutMs: 20_000, intervalMs: 200 });
  assert.equal(health.status, 'up');
  assert.equal(readFileSync(crashFile, 'utf8'), '3');
  assert.ok(
    lines.some((l) => /^imports\s+\| crashing on purpose 1$/.test(l)),
    'prefixed child output',
  );
  assert.ok(lines.some((l) => /^stack\s+\| imports exited unexpectedly \(code 3\); restarting in 500 ms/.test(l)));
  assert.ok(lines.some((l) => /^stack\s+\| imports exited unexpectedly \(code 3\); restarting in 1000 ms/.test(l)));
  assert.ok(
    lines.some((l) => /^kits\s+\| partial$/.test(l)),
    'last partial line flushed',
  );
  const t0 = Date.now();
  await stack.stop();
  const took = Date.now() - t0;
  assert.ok(took >= 9_000 && took < 15_000, `gateway SIGKILLed after the grace period (took ${took} ms)`);
  assert.ok(lines.some((l) => /gateway did not stop within 10 s: SIGKILL/.test(l)));
  assert.ok(lines.some((l) => /^kits\s+\| bye$/.test(l)));
  assert.equal(await canConnect('127.0.0.1', port, 300), false);
  for (const p of Object.values(ports)) assert.equal(await canConnect('127.0.0.1', p, 300), false);
  ok('startStack: prefixed logs, restart with backoff, health, stop with SIGTERM then SIGKILL');

  // a process that always dies: five restarts within a minute, then give up
  rmSync(crashFile, { force: true });
  let gaveUp = null;
  const lines2 = [];
  const stack2 = await startStack({
    root,
    port: await freePort(),
    servicePorts: ports,
    log: (l) => lines2.push(l),
    onGiveUp: (n) => (gaveUp = n),
    env: { ...process.env, FAKE_PORTS: JSON.stringify(ports), CRASH_FILE: crashFile, CRASH_SERVICE: 'backups', CRASH_TIMES: '100' },
  });
  await assert.rejects(stack2.waitHealthy({ timeoutMs: 60_000, intervalMs: 200 }), /gave up restarting: backups/);
  assert.equal(gaveUp, 'backups');
  assert.equal(readFileSync(crashFile, 'utf8'), '6');
  await stack2.stop();
  ok('startStack gives up after 5 restarts within a minute and reports it');
}

rmSync(tmp, { recursive: true, force: true });
console.log(`selfcheck: all ${checks} checks ok`);
