'use strict';
/**
 * A small receiver of the bleed-kit register's ambulance-feed push (docs/ambulance-feed.md). It verifies each
 * batch's Standard Webhooks signature, drops a batch whose webhook-id it already has, and appends every new batch as
 * one JSON line to a file (append-only: the file is the receiver's record, and its dedupe memory after a restart).
 *
 *   FEED_WEBHOOK_SECRET='whsec_…' FEED_RECEIVER_FILE=feed.ndjson FEED_RECEIVER_PORT=8787 node receiver.js
 *
 * Node 18 or later, no dependencies. Answer 2xx only once the batch is safely written: the register sends it again
 * otherwise (with the same webhook-id), and holds every later batch until this one is taken.
 */
const { createHmac, timingSafeEqual } = require('node:crypto');
const { appendFileSync, existsSync, readFileSync } = require('node:fs');
const { createServer } = require('node:http');

/** Standard Webhooks: a timestamp further than this from now is refused (a replayed capture). */
const DEFAULT_TOLERANCE_SECONDS = 5 * 60;
const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** The HMAC key of a `whsec_<base64>` secret. */
function secretKey(secret) {
  return Buffer.from(String(secret).replace(/^whsec_/, ''), 'base64');
}

/**
 * Whether a push is signed by one of `secrets`: `webhook-signature` holds one or more space-separated `v1,<base64>`
 * signatures of `<webhook-id>.<webhook-timestamp>.<body>`; any one that matches any secret is enough (that is how a
 * rotated secret overlaps the old one).
 */
function verifyWebhook({ secrets, headers, body, nowSeconds = Math.floor(Date.now() / 1000), toleranceSeconds = DEFAULT_TOLERANCE_SECONDS }) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return { ok: false, reason: 'missing webhook headers' };
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return { ok: false, reason: 'timestamp outside tolerance' };
  const signed = `${id}.${timestamp}.${body}`;
  for (const secret of secrets) {
    const expected = createHmac('sha256', secretKey(secret)).update(signed).digest();
    for (const part of String(signatures).split(' ')) {
      const [version, value] = part.split(',');
      if (version !== 'v1' || !value) continue;
      const given = Buffer.from(value, 'base64');
      if (given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true };
    }
  }
  return { ok: false, reason: 'no valid signature' };
}

/**
 * The receiver as a request handler, to mount in any Node HTTP server. `secrets` may be changed while it runs (add
 * the new secret when the register's admin rotates it, remove the old one after the overlap).
 */
function createFeedReceiver({ secrets, file, toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, nowSeconds = () => Math.floor(Date.now() / 1000) }) {
  const receiver = {
    secrets: [...secrets],
    /** The webhook-ids already written: read back from the file, so a restart does not write a batch twice. */
    seen: new Set(),
    /** Every request answered, newest last: what a test inspects (id, accepted or duplicate or refused). */
    requests: [],
    handle(req, res) {
      const chunks = [];
      let size = 0;
      req.on('data', (c) => {
        size += c.length;
        if (size <= MAX_BODY_BYTES) chunks.push(c);
      });
      req.on('end', () => {
        const id = req.headers['webhook-id'];
        const answer = (status, outcome, text) => {
          receiver.requests.push({ id, outcome, status });
          res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
        };
        if (req.method !== 'POST') return answer(405, 'refused', 'POST only');
        if (size > MAX_BODY_BYTES) return answer(413, 'refused', 'too large');
        const body = Buffer.concat(chunks).toString('utf8');
        const check = verifyWebhook({ secrets: receiver.secrets, headers: req.headers, body, nowSeconds: nowSeconds(), toleranceSeconds });
        if (!check.ok) return answer(401, 'refused', check.reason);
        if (receiver.seen.has(id)) return answer(200, 'duplicate', 'already received');
        let batch;
        try {
          batch = JSON.parse(body);
        } catch {
          return answer(400, 'refused', 'not JSON');
        }
        appendFileSync(file, `${JSON.stringify({ webhookId: id, ...batch })}\n`);
        receiver.seen.add(id);
        return answer(200, 'accepted', 'ok');
      });
    },
    /** Every batch written, in the order received. */
    batches() {
      return existsSync(file)
        ? readFileSync(file, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line))
        : [];
    },
  };
  for (const b of receiver.batches()) receiver.seen.add(b.webhookId);
  return receiver;
}

module.exports = { createFeedReceiver, verifyWebhook };

if (require.main === module) {
  const secrets = (process.env.FEED_WEBHOOK_SECRET || '').split(' ').filter(Boolean);
  if (!secrets.length) throw new Error('Set FEED_WEBHOOK_SECRET to the secret shown when the push subscription was created');
  const receiver = createFeedReceiver({ secrets, file: process.env.FEED_RECEIVER_FILE || 'feed.ndjson' });
  const port = Number(process.env.FEED_RECEIVER_PORT || 8787);
  createServer((req, res) => receiver.handle(req, res)).listen(port, '127.0.0.1', () => {
    console.log(`feed receiver on http://127.0.0.1:${port}/, writing ${process.env.FEED_RECEIVER_FILE || 'feed.ndjson'}`);
  });
}
