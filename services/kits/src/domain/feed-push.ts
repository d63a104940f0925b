import { createHash, createHmac, randomBytes } from 'node:crypto';
import { FEED_PUSH_BACKOFF_FIRST_MS, FEED_PUSH_BACKOFF_MAX_MS } from '@bleedkits/contracts';

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64 (the HMAC key is the decoded bytes). */
export function newFeedPushSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>` with the key of a `whsec_` secret. */
export function feedPushSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** Every secret that signs now, newest first, space-separated: a receiver holding either one verifies. */
export function feedPushSignatures(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  return secrets.map((s) => feedPushSignature(s, id, timestampSeconds, body)).join(' ');
}

/**
 * The wait before the next attempt of a batch that failed `failedAttempts` times: doubling from the first delay,
 * capped, drawn from the upper half of that (jitter, so receivers coming back are not hit by every client at once).
 */
export function feedPushBackoffMs(failedAttempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(FEED_PUSH_BACKOFF_MAX_MS, FEED_PUSH_BACKOFF_FIRST_MS * 2 ** Math.min(30, Math.max(0, failedAttempts - 1)));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/**
 * A batch's idempotency key, chosen when the batch is cut and stored with it: every retry and every takeover sends
 * the stored batch under it. A range is only cut again after an admin's replay, and that is a new message (a receiver
 * that dedupes must apply it, not drop it), so the key names the range and a random part.
 */
export function feedPushMessageId(afterRevision: number, upToRevision: number, random: () => string = () => randomBytes(8).toString('hex')): string {
  return `msg_${afterRevision}_${upToRevision}_${random()}`;
}

/** The access log's request id of a pushed batch (a UUID made from its message id: logged once however often sent). */
export function feedPushAccessRequestId(messageId: string): string {
  const h = createHash('sha256').update(messageId).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
