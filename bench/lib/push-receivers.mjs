// Push receivers for the benchmarks (issue 30): each is the example receiver in a process of its own on 127.0.0.1
// (push-receiver-process.mjs), and deliveryReport() matches what it took against the writes that were committed.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentileOfSorted as percentile, round } from './stats.mjs';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'push-receiver-process.mjs');

/** Sends `message` to the receiver process and resolves with its answer of type `answer`. */
function ask(child, message, answer, timeoutMs = 30_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', on);
      reject(new Error(`push receiver did not answer ${message.type} within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const on = (m) => {
      if (m.type !== answer) return;
      clearTimeout(timer);
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
    child.send(message);
  });
}

/**
 * Starts a receiver writing its batches to `file`. Resolves once it listens: { url, pid, setSecret(secret),
 * progress() -> { acceptedRecords, requests }, report() -> { answered, batchesInFile }, stop() }.
 */
export async function startPushReceiver({ file, onOutput = () => {} }) {
  const child = fork(CHILD, [], { env: { ...process.env, PUSH_RECEIVER_FILE: file }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  const { port } = await Promise.race([
    ask(child, { type: 'hello' }, 'listening'),
    new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`push receiver exited with ${code}`)))),
  ]);
  return {
    url: `http://127.0.0.1:${port}/feed`,
    pid: child.pid,
    setSecret: (secret) => ask(child, { type: 'secret', secret }, 'secret-set'),
    progress: () => ask(child, { type: 'progress' }, 'progress'),
    report: () => ask(child, { type: 'report' }, 'report', 120_000),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.disconnect();
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(t);
    },
  };
}

const latencySummary = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return {
    samples: s.length,
    p50: round(percentile(s, 50)),
    p90: round(percentile(s, 90)),
    p99: round(percentile(s, 99)),
    max: round(s.at(-1) ?? null),
    mean: round(s.length ? s.reduce((a, b) => a + b, 0) / s.length : null),
  };
};

const committed = (c) => c.status >= 200 && c.status < 300;

/**
 * One client's delivery, judged against the writes of its scope: `changes` are { kitId, status, revision|null,
 * committedAt } (one change per kit), `answered` the receiver's report, `startCursor` the subscription's cursor when it
 * was created. Every change answered 2xx must arrive exactly once; a change whose answer failed (the gateway gave up
 * waiting) may still have committed, and is counted apart. Latency runs from the write's answer at the generator to
 * the batch's complete arrival at the receiver.
 */
export function deliveryReport(changes, answered, startCursor) {
  const byKit = new Map(changes.filter(committed).map((c) => [String(c.kitId), c]));
  const unanswered = new Set(changes.filter((c) => !committed(c)).map((c) => String(c.kitId)));
  let deliveredWithoutAnswer = 0;
  const accepted = answered.filter((a) => a.outcome === 'accepted');
  const latencies = [];
  const seen = new Map();
  const revisionMismatch = [];
  let unexpected = 0;
  let outOfOrder = 0;
  let lastRevision = -Infinity;
  let gaps = 0;
  let cursor = String(startCursor);
  for (const batch of accepted) {
    if (batch.afterCursor !== cursor) gaps++;
    cursor = batch.nextCursor;
    for (const [id, revision] of batch.records) {
      if (revision <= lastRevision) outOfOrder++;
      lastRevision = revision;
      const key = String(id);
      seen.set(key, (seen.get(key) ?? 0) + 1);
      const change = byKit.get(key);
      if (!change) {
        if (unanswered.has(key)) deliveredWithoutAnswer++;
        else unexpected++;
        continue;
      }
      if (change.revision != null && change.revision !== revision) revisionMismatch.push({ kitId: key, wrote: change.revision, received: revision });
      if (seen.get(key) === 1) latencies.push(batch.arrivedAt - change.committedAt);
    }
  }
  const sizes = accepted.map((b) => b.records.length).sort((a, b) => a - b);
  const records = sizes.reduce((a, b) => a + b, 0);
  const arrivals = accepted.map((b) => b.arrivedAt);
  const spanSeconds = arrivals.length > 1 ? (Math.max(...arrivals) - Math.min(...arrivals)) / 1000 : null;
  return {
    changes: byKit.size,
    writesWithoutAnAnswer: unanswered.size,
    deliveredWithoutAnswer,
    delivered: [...byKit.keys()].filter((k) => seen.has(k)).length,
    lost: [...byKit.keys()].filter((k) => !seen.has(k)).length,
    duplicatesAfterDedupe: [...seen.values()].filter((n) => n > 1).length,
    unexpectedRecords: unexpected,
    outOfOrder,
    cursorGaps: gaps,
    revisionMismatches: revisionMismatch.length,
    revisionMismatchExamples: revisionMismatch.slice(0, 5),
    latencyMs: latencySummary(latencies),
    batches: {
      accepted: accepted.length,
      redeliveriesDropped: answered.filter((a) => a.outcome === 'duplicate').length,
      refused: answered.filter((a) => a.outcome === 'refused').length,
      signatureFailures: answered.filter((a) => a.outcome === 'refused' && a.status === 401).length,
      recordsPerBatch: {
        min: sizes[0] ?? null,
        p50: percentile(sizes, 50),
        max: sizes.at(-1) ?? null,
        mean: round(sizes.length ? records / sizes.length : null),
      },
    },
    records,
    recordsPerSecondWhileArriving: spanSeconds ? round(records / spanSeconds) : null,
    lastArrivalAt: arrivals.length ? Math.max(...arrivals) : null,
    latenciesMs: latencies,
  };
}

/** The latency summary of several clients' latencies together. */
export function overallLatency(reports) {
  return latencySummary(reports.flatMap((r) => r.latenciesMs));
}
