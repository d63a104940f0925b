import type { Actor } from '../identity/actor';
import type { FeedRecord } from './control-room-kit';

/**
 * Push delivery of the ambulance feed (issue 30): each change a client's pull feed would show is POSTed to the
 * client's webhook, batched, in feed order, signed as Standard Webhooks sign (https://www.standardwebhooks.com).
 * The pull feed stays the source of truth: a batch carries the cursors it covers, and a receiver that lost anything
 * pulls `GET /api/ambulance-feed/v1/kits?after=<afterCursor>`.
 */

/** Records per batch at most (a batch also leaves when the sweep finds changes, every FEED_PUSH_SWEEP_MS). */
export const FEED_PUSH_BATCH_RECORDS = 500;
/** A batch failing this long pauses the subscription and the admins are told. */
export const FEED_PUSH_RETRY_HOURS = 24;
/** How long the secret before a rotation still signs (beside the new one). */
export const FEED_PUSH_SECRET_OVERLAP_HOURS = 24;
/** Retries: exponential from 1 s, capped, with jitter (each delay drawn from its upper half). */
export const FEED_PUSH_BACKOFF_FIRST_MS = 1000;
export const FEED_PUSH_BACKOFF_MAX_MS = 15 * 60_000;
export const FEED_PUSH_URL_MAX = 2000;

/** The headers of every push (Standard Webhooks), and the batch's cursor beside them. */
export const FeedPushHeaders = {
  /** The batch's idempotency key: the same for every attempt of one batch. */
  id: 'webhook-id',
  /** Unix seconds of this attempt. */
  timestamp: 'webhook-timestamp',
  /** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, space-separated when two secrets sign (rotation). */
  signature: 'webhook-signature',
  /** The batch's `nextCursor`, for a receiver that routes before it parses. */
  cursor: 'feed-cursor',
} as const;

export const FEED_PUSH_EVENT_RECORDS = 'ambulance-feed.records';
export const FEED_PUSH_EVENT_TEST = 'ambulance-feed.test';

/**
 * The body of a push: the records the pull feed answers after `afterCursor`, up to and including `nextCursor`, in
 * the same shape and order. A test event (an admin's 'send a test event') carries no records and the delivered
 * cursor as both cursors; it is signed, retried and logged like any batch.
 */
export type FeedPushBody = {
  type: typeof FEED_PUSH_EVENT_RECORDS | typeof FEED_PUSH_EVENT_TEST;
  afterCursor: string;
  nextCursor: string;
  records: FeedRecord[];
};

export const FEED_PUSH_STATES = ['active', 'paused'] as const;
export type FeedPushState = (typeof FEED_PUSH_STATES)[number];

/** A feed client's push subscription as admins see it. The secret is shown only when created or rotated. */
export type FeedPushSubscriptionView = {
  clientId: string;
  url: string;
  state: FeedPushState;
  /** The highest revision the receiver has acknowledged: it would pull `after=` this to catch up. */
  deliveredCursor: string;
  deliveredAt: string | null;
  /** Records of the scope after the delivered cursor, and how long the oldest of them has waited. */
  lagRecords: number;
  lagSeconds: number;
  /** Failed attempts of the batch now held back, when it first failed and when it is tried again. */
  failedAttempts: number;
  failingSince: string | null;
  nextAttemptAt: string | null;
  lastError: string | null;
  pausedAt: string | null;
  /** Until when the secret before the last rotation still signs beside the current one. */
  previousSecretValidUntil: string | null;
  createdAt: string;
};

export type FeedPushDeliveryOutcome = 'delivered' | 'failed';
/** One attempt of a batch (the admin's delivery log). */
export type FeedPushDelivery = {
  id: number;
  messageId: string;
  type: FeedPushBody['type'];
  afterCursor: string;
  nextCursor: string;
  records: number;
  outcome: FeedPushDeliveryOutcome;
  httpStatus: number | null;
  error: string | null;
  attemptedAt: string;
  durationMs: number;
};

// ---- between the gateway and the kits context (NATS) ------------------------------------------------

export type SetFeedPushRequest = { actor: Actor; clientId: string; url: string };
/** `secret` only when the subscription was created by this call (a changed URL keeps the secret). */
export type SetFeedPushResponse = { subscription: FeedPushSubscriptionView; secret: string | null; message: string };
export type RotateFeedPushSecretResponse = { subscription: FeedPushSubscriptionView; secret: string; message: string };
export type FeedPushClientRequest = { actor: Actor; clientId: string };
export type FeedPushReplayRequest = { actor: Actor; clientId: string; fromCursor: string };
export type FeedPushStatusResponse = { subscription: FeedPushSubscriptionView };
export type FeedPushLogRequest = { actor: Actor; clientId: string; page: number; pageSize: number };
export type FeedPushLogResponse = {
  data: FeedPushDelivery[];
  pagination: { total: number; page: number; pageSize: number; pageCount: number };
};
export const FEED_PUSH_LOG_PAGE_SIZE = 25;
export const FEED_PUSH_LOG_MAX_PAGE_SIZE = 200;

/** The kits.feed-push queue: deliver a client's next batches (one job per client at a time: the job id is the client's). */
export type FeedPushJob = { clientId: string };
export const FeedPushJobNames = { deliver: 'deliver', sweep: 'sweep' } as const;

export const FeedPushMessages = {
  url: 'The webhook URL must be an https:// address',
  urlDevelopment: 'The webhook URL must be an https:// address, or http://127.0.0.1 outside production',
  urlCredentials: 'The webhook URL must not carry a user name or password',
  urlLength: `The webhook URL can be at most ${FEED_PUSH_URL_MAX} characters`,
  urlPrivate: 'The webhook URL must name a public host, not a private, loopback or internal address',
  revoked: 'This feed client is revoked',
  noSubscription: 'This feed client has no push subscription',
  created: 'Push subscription created. Copy the secret now: it will not be shown again.',
  updated: 'Webhook URL changed; the secret is unchanged.',
  rotated: `Secret rotated. Copy the new secret now; the old one still signs for ${FEED_PUSH_SECRET_OVERLAP_HOURS} hours.`,
  resumed: 'Push delivery resumed',
  replay: 'Push delivery will resend everything after the cursor',
  test: 'A test event will be sent in turn with the batches (see the delivery log)',
  cursor: 'fromCursor must be a cursor of this feed (digits only) no later than the delivered cursor',
} as const;

/**
 * Where a feed client's batches may go: https, or in development http://127.0.0.1 only (a receiver on the same
 * machine). No credentials in the URL: the signature is the authentication. In production the host must be public:
 * an admin's URL must not turn the kits service into a way into the register's own network (the delivery checks
 * the address a name resolves to as well).
 */
export function feedPushUrlErrors(raw: unknown, production: boolean): string[] {
  if (typeof raw !== 'string' || !raw.trim()) return [production ? FeedPushMessages.url : FeedPushMessages.urlDevelopment];
  if (raw.length > FEED_PUSH_URL_MAX) return [FeedPushMessages.urlLength];
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return [production ? FeedPushMessages.url : FeedPushMessages.urlDevelopment];
  }
  if (url.username || url.password) return [FeedPushMessages.urlCredentials];
  if (url.protocol === 'https:') return production && !isPublicHostName(url.hostname) ? [FeedPushMessages.urlPrivate] : [];
  if (!production && url.protocol === 'http:' && url.hostname === '127.0.0.1') return [];
  return [production ? FeedPushMessages.url : FeedPushMessages.urlDevelopment];
}

/**
 * Whether a URL's host (as `URL.hostname` gives it: IPv4 normalised to dotted decimal, IPv6 in brackets) may be a
 * production webhook: an IP address outside the loopback, private, link-local, shared and unspecified ranges, or a
 * name with a dot that is not `localhost` or under `.localhost`, `.local` or `.internal`.
 */
export function isPublicHostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) return isPublicAddress(host.slice(1, -1));
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return isPublicAddress(host);
  if (!host.includes('.')) return false;
  return !/(^|\.)(localhost|local|internal)$/.test(host);
}

/** Whether an IPv4 or IPv6 address is one a public receiver can have. */
export function isPublicAddress(address: string): boolean {
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return !(
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  if (!v6.includes(':')) return false;
  const mapped = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(v6);
  if (mapped) {
    if (mapped[1]) return isPublicAddress(mapped[1]);
    const hi = parseInt(mapped[2], 16);
    const lo = parseInt(mapped[3], 16);
    return isPublicAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  if (v6 === '::' || v6 === '::1') return false;
  const first = parseInt(v6.split(':')[0] || '0', 16);
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast
  return !((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00);
}
