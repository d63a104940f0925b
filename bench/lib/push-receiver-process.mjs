// One push receiver of bench:feed, run as its own process (forked by push-receivers.mjs) so that verifying,
// deduping and writing batches costs the benchmark's generator nothing and the arrival clock is the receiver's own.
// It is the example receiver (examples/feed-receiver: Standard Webhooks signature, dedupe by webhook-id, one JSON line
// per new batch appended to a file), mounted in a server that also notes when each batch's body had fully arrived and
// what the receiver answered, per record (kit id, revision, withdrawn), for the parent to match against its writes.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createFeedReceiver } = require('../../examples/feed-receiver/receiver.js');

const file = process.env.PUSH_RECEIVER_FILE;
if (!file || !process.send) throw new Error('run by bench/lib/push-receivers.mjs (PUSH_RECEIVER_FILE and an IPC channel)');

// No secret until the parent has created the subscription: a push before then is refused (and counted as such).
const receiver = createFeedReceiver({ secrets: [], file });
/** Every request answered: { id, outcome, status, arrivedAt, records: [[kitId, revision, withdrawn], ...] (accepted only) }. */
const answered = [];
let acceptedRecords = 0;

const server = createServer((req, res) => {
  const chunks = [];
  let arrivedAt = null;
  // Registered before the receiver's own listeners, so these run first: the arrival is when the body was complete.
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => (arrivedAt = performance.timeOrigin + performance.now()));
  const writeHead = res.writeHead.bind(res);
  res.writeHead = (...args) => {
    // The receiver pushes its verdict and answers in the same synchronous step: the last verdict is this request's.
    const verdict = receiver.requests.at(-1);
    const entry = { id: verdict.id, outcome: verdict.outcome, status: verdict.status, arrivedAt, records: [] };
    if (verdict.outcome === 'accepted') {
      const batch = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      entry.afterCursor = batch.afterCursor;
      entry.nextCursor = batch.nextCursor;
      entry.records = batch.records.map((r) => [r.id, r.revision, r.withdrawn === true]);
      acceptedRecords += entry.records.length;
    }
    answered.push(entry);
    return writeHead(...args);
  };
  receiver.handle(req, res);
});

process.on('message', (m) => {
  if (m.type === 'secret') {
    receiver.secrets = [m.secret];
    process.send({ type: 'secret-set' });
  } else if (m.type === 'progress') {
    process.send({ type: 'progress', acceptedRecords, requests: answered.length });
  } else if (m.type === 'report') {
    process.send({ type: 'report', answered, batchesInFile: receiver.batches().length });
  }
});
process.on('disconnect', () => process.exit(0));

server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: server.address().port }));
