// Open-loop load: request n is due at start + n / rate whatever the answers are doing, the way a surge of people
// arrives, and its latency counts from when it was due, so a request that waited for a free connection shows that
// wait (closed-loop generators send the next request only after an answer and hide queueing: coordinated omission).
//
// The client is a few lines of HTTP/1.1 over keep-alive sockets, not node:http: the generator shares the machine's
// two cores with the server, and node:http's client spent five times wrk's CPU per request (34 % of a core at 2,400
// req/s), which the server then lacked at the rates measured (bench/README.md, "Known problems").
import net from 'node:net';
import { percentileOfSorted as percentile } from './stats.mjs';

const ms = (x) => (x == null ? null : Math.round(x * 100) / 100);

/** A request is counted as having waited for a connection when it was sent this long after it was due. */
const WAITED_MS = 5;
const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/**
 * Sends `paths` (cycling) to `baseUrl` at `rate` requests per second for `seconds`, on at most `maxConnections`
 * keep-alive connections (opened as needed, kept between the warm-up and the measured run). Resolves with the rate
 * asked and achieved, latency percentiles (from the due time), errors by kind, how many requests waited for a
 * connection, and this process's CPU while it ran (the generator's). `onMeasuring` is called as the measured run begins.
 */
export async function runOpenLoop(
  baseUrl,
  paths,
  { rate, seconds, warmupSeconds = 0, maxConnections = 512, timeoutMs = 10_000, headers = {}, onMeasuring = () => undefined },
) {
  const pool = new ConnectionPool(new URL(baseUrl), headers, maxConnections);
  try {
    // The warm-up opens the connections at the same rate (as a load balancer's pool holds them) and is not counted:
    // its paths are the list's first ones, the measured run takes the ones after.
    const warmup = Math.round(rate * warmupSeconds);
    if (warmup > 0) await paced(pool, paths, 0, { rate, seconds: warmupSeconds, timeoutMs });
    onMeasuring();
    return await paced(pool, paths, warmup, { rate, seconds, timeoutMs });
  } finally {
    pool.close();
  }
}

async function paced(pool, paths, offset, { rate, seconds, timeoutMs }) {
  const total = Math.round(rate * seconds);
  // By request number (NaN until answered): the timeline below needs to know when each was due.
  const latencies = new Float64Array(total).fill(Number.NaN);
  // How late this process itself dispatched each request (its own event loop: a collection, or no core free): part of
  // the latency it reports, and not the server's doing.
  const lateness = new Float64Array(total).fill(Number.NaN);
  const counts = { answered: 0, ok: 0, non2xx: 0, failed: 0, timedOut: 0, waited: 0 };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let finish;
  const allDone = new Promise((r) => (finish = r));
  const dueAt = (n) => started + (n * 1000) / rate;
  const run = {
    settle(n, status) {
      latencies[n] = performance.now() - dueAt(n);
      counts.answered++;
      if (status === 0) counts.failed++;
      else if (status >= 200 && status < 300) counts.ok++;
      else counts.non2xx++;
      if (counts.answered === total) finish();
    },
    sentAt(n) {
      if (performance.now() - dueAt(n) > WAITED_MS) counts.waited++;
    },
    timedOut() {
      counts.timedOut++;
    },
  };
  pool.run = run;
  const sweep = setInterval(() => pool.expire(timeoutMs), 100);
  let sent = 0;
  // Fires every request whose time has come; a tick that runs late fires the overdue ones at once (still counted
  // from their due time).
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      const now = performance.now();
      while (sent < due) {
        const n = sent++;
        lateness[n] = Math.max(0, now - dueAt(n));
        pool.send(paths[(offset + n) % paths.length], n);
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.race([allDone, new Promise((r) => setTimeout(r, timeoutMs + 2000))]);
  clearInterval(sweep);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = Array.from(latencies.filter((x) => !Number.isNaN(x))).sort((a, b) => a - b);
  const unanswered = total - counts.answered;
  pool.abandon();
  return {
    rateAsked: rate,
    rateAchieved: Math.round(((counts.answered - counts.failed) / elapsed) * 10) / 10,
    requests: total,
    answered: counts.answered - counts.failed,
    latencyMs: { p50: ms(percentile(sorted, 50)), p99: ms(percentile(sorted, 99)), p999: ms(percentile(sorted, 99.9)), max: ms(sorted.at(-1)) },
    errors: counts.non2xx + counts.failed + unanswered,
    errorBreakdown: { non2xx: counts.non2xx, socketErrorsAndTimeouts: counts.failed, timeouts: counts.timedOut, unanswered },
    waitedForConnection: counts.waited,
    generatorLateMs: latenessSummary(lateness),
    timeline: timeline(latencies, rate, lateness),
    connectionsOpened: pool.opened,
    generator: { name: 'open loop (keep-alive sockets, HTTP/1.1 by hand)', cpuPercent: Math.round(((cpu.user + cpu.system) / 1e6 / elapsed) * 100) },
    durationSeconds: Math.round(elapsed * 100) / 100,
    ok: counts.ok,
  };
}

/**
 * Each second of the run by due time: requests due, their p99 and slowest latency (where a stall began and ended), and
 * how late the generator dispatched the latest of them.
 */
function timeline(latencies, rate, lateness) {
  const perSecond = Math.max(1, Math.round(rate));
  const seconds = [];
  for (let from = 0; from < latencies.length; from += perSecond) {
    const slice = Array.from(latencies.subarray(from, from + perSecond)).filter((x) => !Number.isNaN(x));
    slice.sort((a, b) => a - b);
    seconds.push({
      second: seconds.length,
      due: Math.min(perSecond, latencies.length - from),
      p99: ms(percentile(slice, 99)),
      max: ms(slice.at(-1)),
      generatorLateMax: ms(Math.max(0, ...lateness.subarray(from, from + perSecond).filter((x) => !Number.isNaN(x)))),
    });
  }
  return seconds;
}

/** The generator's own lateness in dispatching requests: p50, p99 and the longest, in ms. */
function latenessSummary(lateness) {
  const sorted = Array.from(lateness.filter((x) => !Number.isNaN(x))).sort((a, b) => a - b);
  return { p50: ms(percentile(sorted, 50)), p99: ms(percentile(sorted, 99)), max: ms(sorted.at(-1) ?? 0) };
}

/** Keep-alive connections to one server, each with at most one request in flight; requests queue for a free one. */
class ConnectionPool {
  constructor(url, headers, max) {
    this.host = url.hostname;
    this.port = Number(url.port || 80);
    this.head = Object.entries({ host: url.host, ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    this.max = max;
    this.idle = [];
    this.all = new Set();
    this.queue = [];
    this.queueStart = 0;
    this.opened = 0;
    /** The run whose requests are being sent (paced() sets it). */
    this.run = null;
  }

  /** Request n of the current run: on an idle connection at once, else queued for the next one free. */
  send(path, n) {
    const request = { run: this.run, n, path };
    const conn = this.idle.pop();
    if (conn) return conn.send(request);
    this.queue.push(request);
    if (this.all.size < this.max) this.open();
  }

  /** A connection is free: it takes the oldest queued request, or waits. */
  free(conn) {
    if (this.queueStart < this.queue.length) {
      const request = this.queue[this.queueStart++];
      if (this.queueStart > 4096) {
        this.queue = this.queue.slice(this.queueStart);
        this.queueStart = 0;
      }
      conn.send(request);
    } else this.idle.push(conn);
  }

  open() {
    this.opened++;
    const conn = new Connection(this);
    this.all.add(conn);
  }

  gone(conn, hadConnected) {
    this.all.delete(conn);
    const i = this.idle.indexOf(conn);
    if (i >= 0) this.idle.splice(i, 1);
    if (this.queueStart >= this.queue.length) return;
    // A connection refused fails the oldest queued request (a server that is down gives errors, not a loop of
    // connects); otherwise the queue needs a connection in its place.
    if (!hadConnected) {
      const request = this.queue[this.queueStart++];
      request.run?.settle(request.n, 0);
    }
    if (this.all.size < this.max) this.open();
  }

  expire(timeoutMs) {
    const now = performance.now();
    for (const conn of this.all) if (conn.inFlight !== null && now - conn.sentAt > timeoutMs) conn.fail(true);
  }

  /** Requests of a run that ended are not sent (one still in flight settles into its own run, which no longer counts). */
  abandon() {
    this.queue = [];
    this.queueStart = 0;
  }

  close() {
    for (const conn of this.all) conn.socket.destroy();
    this.all.clear();
    this.idle = [];
  }
}

/** One keep-alive connection with at most one request in flight (`inFlight`: { run, n, path } or null). */
class Connection {
  constructor(pool) {
    this.pool = pool;
    this.inFlight = null;
    this.sentAt = 0;
    this.parser = new ResponseParser();
    this.socket = net.connect({ host: pool.host, port: pool.port, noDelay: true });
    this.connected = false;
    this.socket.once('connect', () => {
      this.connected = true;
      pool.free(this);
    });
    this.socket.on('data', (chunk) => this.data(chunk));
    // A refused or reset connection: its request fails in 'close', which always follows.
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.fail(false);
      pool.gone(this, this.connected);
    });
  }

  send(request) {
    this.inFlight = request;
    this.sentAt = performance.now();
    request.run?.sentAt(request.n);
    this.socket.write(`GET ${request.path} HTTP/1.1\r\n${this.pool.head}\r\n`);
  }

  data(chunk) {
    if (this.inFlight === null) return;
    const done = this.parser.feed(chunk);
    if (!done) return;
    const request = this.inFlight;
    this.inFlight = null;
    request.run?.settle(request.n, done.status);
    if (done.close) this.socket.destroy();
    else this.pool.free(this);
  }

  /** The request in flight, if any, failed (a socket error or a time-out): counted; the connection is not used again. */
  fail(timedOut) {
    const request = this.inFlight;
    this.inFlight = null;
    if (request !== null) {
      if (timedOut) request.run?.timedOut();
      request.run?.settle(request.n, 0);
    }
    this.socket.destroy();
  }
}

/** Reads one HTTP/1.1 response at a time (Content-Length or chunked body), keeping only what it needs to find the end. */
class ResponseParser {
  constructor() {
    this.reset();
  }

  reset() {
    this.head = null;
    this.status = 0;
    this.close = false;
    this.remaining = 0;
    this.chunked = false;
    this.pending = null;
  }

  /** Returns { status, close } once a whole response has been read, else null. */
  feed(chunk) {
    let buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    if (this.head === null) {
      const end = buf.indexOf(HEADER_END);
      if (end < 0) {
        this.pending = buf;
        return null;
      }
      this.head = buf.toString('latin1', 0, end);
      this.status = Number(this.head.slice(9, 12));
      const lower = this.head.toLowerCase();
      this.close = /\r\nconnection:\s*close/.test(lower);
      this.chunked = /\r\ntransfer-encoding:\s*chunked/.test(lower);
      const length = /\r\ncontent-length:\s*(\d+)/.exec(lower);
      this.remaining = length ? Number(length[1]) : 0;
      buf = buf.subarray(end + 4);
    }
    if (!this.chunked) {
      this.remaining -= buf.length;
      return this.remaining <= 0 ? this.finish() : null;
    }
    // Chunked: skip each chunk's data and its CRLF; the last chunk (size 0) and its trailer end the response.
    for (;;) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, buf.length);
        this.remaining -= take;
        buf = buf.subarray(take);
        if (this.remaining > 0) return null;
      }
      const line = buf.indexOf(CRLF);
      if (line < 0) {
        this.pending = buf;
        return null;
      }
      const size = parseInt(buf.toString('latin1', 0, line), 16);
      if (size === 0) {
        // "0\r\n" then the trailers, if any, and an empty line: the first CRLF CRLF from the size line on.
        if (buf.indexOf(HEADER_END, line) < 0) {
          this.pending = buf;
          return null;
        }
        return this.finish();
      }
      // The chunk's data, then its closing CRLF.
      this.remaining = size + 2;
      buf = buf.subarray(line + 2);
    }
  }

  finish() {
    const done = { status: this.status, close: this.close };
    this.reset();
    return done;
  }
}
