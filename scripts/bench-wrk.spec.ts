import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/**
 * bench/lib/wrk.mjs and its replay script (bench:geo's and bench:feed's closed-loop generator) against a small local
 * server, in a Node process of its own (the bench is plain ESM outside Jest's transform): wrk asks the recorded paths
 * in order, cycling, with a Host and the Accept-Encoding given, and its summary line is read into counts and CPU.
 */
const RUN = `
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ensureWrk, runWrk } from ${JSON.stringify(path.join(root, 'bench/lib/wrk.mjs'))};
const seen = [];
const server = http.createServer((req, res) => {
  seen.push({ url: req.url, host: req.headers.host, acceptEncoding: req.headers['accept-encoding'] });
  res.statusCode = req.url === '/down' ? 503 : 200;
  res.end('{}');
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const port = server.address().port;
const bin = ensureWrk();
if (!bin) throw new Error('wrk is not installed and could not be (apt-get install wrk)');
const paths = ['/a?x=1', '/b', '/c?y=%20', '/down'];
const summary = await runWrk(bin, 'http://127.0.0.1:' + port, paths, {
  connections: 1, seconds: 1, pathsFile: path.join(os.tmpdir(), 'bench-wrk-spec-' + process.pid + '.txt'), acceptEncoding: 'gzip',
});
server.close();
console.log(JSON.stringify({ port, summary, seen: seen.slice(0, 8), asked: seen.length, down: seen.filter((r) => r.url === '/down').length }));
`;

/**
 * The same replay with `pipeline: 4` against a bare TCP server that answers every request it finds in a read: wrk
 * sends four requests at once on its one connection, still in the recorded order, and counts each answer.
 */
const RUN_PIPELINED = `
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureWrk, runWrk } from ${JSON.stringify(path.join(root, 'bench/lib/wrk.mjs'))};
const urls = [];
let mostInOneRead = 0;
const server = net.createServer((socket) => {
  let pending = '';
  socket.on('data', (chunk) => {
    pending += chunk.toString('latin1');
    const requests = pending.split('\\r\\n\\r\\n');
    pending = requests.pop();
    mostInOneRead = Math.max(mostInOneRead, requests.length);
    for (const r of requests) {
      urls.push(r.split(' ')[1]);
      socket.write('HTTP/1.1 200 OK\\r\\nContent-Length: 2\\r\\n\\r\\n{}');
    }
  });
  socket.on('error', () => undefined);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const paths = ['/a', '/b', '/c', '/d', '/e'];
const summary = await runWrk(ensureWrk(), 'http://127.0.0.1:' + server.address().port, paths, {
  connections: 1, seconds: 1, pathsFile: path.join(os.tmpdir(), 'bench-wrk-spec-pipe-' + process.pid + '.txt'), acceptEncoding: 'gzip', pipeline: 4,
});
server.close();
console.log(JSON.stringify({ summary, urls: urls.slice(0, 12), asked: urls.length, mostInOneRead }));
`;

describe('bench wrk replay', () => {
  const result = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', RUN], { encoding: 'utf8', timeout: 60_000 }));

  it('asks the recorded paths in order, cycling, each with the Host and the Accept-Encoding given', () => {
    // wrk asks its script for one request while it sets a thread up, so the cycle may start at the second path.
    const recorded = ['/a?x=1', '/b', '/c?y=%20', '/down'];
    const first = recorded.indexOf(result.seen[0].url);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(result.seen.map((r: { url: string }) => r.url)).toEqual(
      recorded.map((_, k) => recorded[(first + k) % 4]).concat(recorded.map((_, k) => recorded[(first + k) % 4])),
    );
    for (const r of result.seen) expect(r).toMatchObject({ host: `127.0.0.1:${result.port}`, acceptEncoding: 'gzip' });
  });

  it("reads wrk's summary: every request counted, the 503s as errors, and wrk's own CPU", () => {
    const { summary, asked } = result;
    // wrk counts the requests it had answers for; the server may have seen one more in flight at the end.
    expect(asked - summary.requests).toBeGreaterThanOrEqual(0);
    expect(asked - summary.requests).toBeLessThanOrEqual(1);
    expect(summary.requests).toBeGreaterThan(100);
    // Every 503 the server sent, bar one still in flight at the end, is an error in wrk's count.
    expect(result.down - summary.errorBreakdown.non2xx3xx).toBeGreaterThanOrEqual(0);
    expect(result.down - summary.errorBreakdown.non2xx3xx).toBeLessThanOrEqual(1);
    expect(summary.errors).toBe(summary.errorBreakdown.non2xx3xx);
    expect(summary.generator).toMatchObject({ name: 'wrk', threads: 1, connections: 1, paths: 4 });
    expect(summary.generator.cpuPercent).toBeGreaterThan(0);
  });

  it('pipelines: several requests at once on a connection, in the recorded order, every answer counted', () => {
    const r = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', RUN_PIPELINED], { encoding: 'utf8', timeout: 60_000 }));
    expect(r.mostInOneRead).toBeGreaterThanOrEqual(2);
    const recorded = ['/a', '/b', '/c', '/d', '/e'];
    const first = recorded.indexOf(r.urls[0]);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(r.urls).toEqual(Array.from({ length: 12 }, (_, k) => recorded[(first + k) % 5]));
    // wrk counts the answers it read; the last batch (four) may still have been in flight at the end.
    expect(r.asked - r.summary.requests).toBeGreaterThanOrEqual(0);
    expect(r.asked - r.summary.requests).toBeLessThanOrEqual(4);
    // A few batches at least (a busy CI machine answered 93 in the second); how many is the benchmark's business.
    expect(r.summary.requests).toBeGreaterThanOrEqual(12);
    expect(r.summary.generator).toMatchObject({ name: 'wrk', connections: 1, pipeline: 4, paths: 5 });
  });
});
