import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/**
 * bench/lib/open-loop.mjs (bench:geo's fixed-rate client) against small local servers, in a Node process of its own
 * (the bench is plain ESM outside Jest's transform): every answer counted by kind, latency timed from each request's
 * due moment however long it waited for a connection, and a refused port gives errors rather than a hang; run in a
 * child process (open-loop-process.mjs, as bench:geo runs it) it answers the same, with how late it sent requests.
 */
const RUN = `
import http from 'node:http';
import { runOpenLoop } from ${JSON.stringify(path.join(root, 'bench/lib/open-loop.mjs'))};
import { runOpenLoopInChild } from ${JSON.stringify(path.join(root, 'bench/lib/open-loop-process.mjs'))};
const body = Buffer.alloc(3000, 120);
const server = http.createServer((req, res) => {
  if (req.url === '/chunked') { res.write('{"a":'); res.write(body); res.end('}'); return; }
  if (req.url === '/down') { res.statusCode = 503; res.end('{}'); return; }
  if (req.url === '/slow') { setTimeout(() => res.end(body), 50); return; }
  res.setHeader('content-length', body.length); res.end(body);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = 'http://127.0.0.1:' + server.address().port;
const out = {
  mixed: await runOpenLoop(base, ['/plain', '/chunked', '/down'], { rate: 300, seconds: 1, warmupSeconds: 0.5 }),
  queued: await runOpenLoop(base, ['/slow'], { rate: 100, seconds: 1, maxConnections: 2 }),
};
let measuring = 0;
out.child = await runOpenLoopInChild(base, ['/plain', '/chunked'], { rate: 200, seconds: 0.5, warmupSeconds: 0.2, onMeasuring: () => measuring++ });
out.child.measuringCalls = measuring;
server.close();
out.refused = await runOpenLoop('http://127.0.0.1:9', ['/x'], { rate: 50, seconds: 0.5, timeoutMs: 1000 });
console.log(JSON.stringify(out));
`;

describe('bench open-loop client', () => {
  const result = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', RUN], { encoding: 'utf8', timeout: 60_000 }));

  it('counts every answer by kind: Content-Length and chunked bodies read to their end, a 503 as an error', () => {
    const { mixed } = result;
    expect(mixed).toMatchObject({ requests: 300, answered: 300, ok: 200, errors: 100 });
    expect(mixed.errorBreakdown).toEqual({ non2xx: 100, socketErrorsAndTimeouts: 0, timeouts: 0, unanswered: 0 });
    expect(mixed.timeline).toHaveLength(1);
  });

  it('times a request from when it was due, so waiting for a busy connection shows (no coordinated omission)', () => {
    const { queued } = result;
    // Two connections at 50 ms each serve 40 a second; 100 are due in that second, so the last waits over a second.
    expect(queued).toMatchObject({ requests: 100, answered: 100, errors: 0, connectionsOpened: 2 });
    expect(queued.waitedForConnection).toBeGreaterThan(50);
    expect(queued.latencyMs.max).toBeGreaterThan(1000);
    expect(queued.latencyMs.p50).toBeGreaterThan(50);
  });

  it('answers a refused port with errors, not a hang', () => {
    expect(result.refused).toMatchObject({ requests: 25, answered: 0, errors: 25 });
    expect(result.refused.errorBreakdown.socketErrorsAndTimeouts).toBe(25);
  });

  it('runs in a process of its own with the same result, telling when it begins measuring and how late it sent', () => {
    const { child } = result;
    expect(child).toMatchObject({ requests: 100, answered: 100, ok: 100, errors: 0, measuringCalls: 1 });
    expect(child.generatorLateMs.p99).toBeGreaterThanOrEqual(0);
    expect(child.generatorLateMs.max).toBeGreaterThanOrEqual(child.generatorLateMs.p99);
    expect(child.timeline[0].generatorLateMax).toBe(child.generatorLateMs.max);
  });
});
