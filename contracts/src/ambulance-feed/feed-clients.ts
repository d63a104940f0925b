import type { FeedScope } from './feed-scope';

/** A feed client as admins see it (GET /api/admin/ambulance-feed/clients). The key itself is never shown again. */
export type FeedClientView = {
  id: string;
  label: string;
  scope: FeedScope;
  /** The first characters of the key, so an admin can tell keys apart. */
  keyPrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

export type CreateFeedClientRequest = { scope: string; label: string };
/** POST /api/admin/ambulance-feed/clients: the only time the secret key is shown. */
export type CreateFeedClientResponse = { client: FeedClientView; key: string; message: string };
export type FeedClientListResponse = { clients: FeedClientView[] };

export const FEED_CLIENT_LABEL_MAX = 100;
/** Admin-managed configuration, not register data: a list this long is a mistake, not growth. */
export const FEED_CLIENTS_MAX = 500;

export const FeedClientMessages = {
  scope: 'Choose an ambulance service or the responder app',
  labelRequired: 'Please enter a label for this feed client',
  labelLength: `The label can be at most ${FEED_CLIENT_LABEL_MAX} characters`,
  created: 'Feed client created. Copy the key now: it will not be shown again.',
  revoked: 'Feed client revoked',
  notFound: 'Feed client not found',
  tooMany: `At most ${FEED_CLIENTS_MAX} feed clients can exist; revoke unused ones first.`,
} as const;

/** Rules shared by the card's form and the server. */
export function feedClientLabelErrors(label: unknown): string[] {
  const t = typeof label === 'string' ? label.trim() : '';
  if (!t) return [FeedClientMessages.labelRequired];
  if (t.length > FEED_CLIENT_LABEL_MAX) return [FeedClientMessages.labelLength];
  return [];
}

/** One answer that carried cabinet codes (GET /api/admin/ambulance-feed/access-log). */
export type FeedAccessLogEntry = {
  id: number;
  clientId: string;
  clientLabel: string;
  scope: FeedScope;
  accessedAt: string;
  kitsReturned: number;
  codesReturned: number;
  clientAddress: string;
};
export const ACCESS_LOG_PAGE_SIZE = 25;
export const ACCESS_LOG_MAX_PAGE_SIZE = 200;
/** The same page shape as the backup history. */
export type FeedAccessLogResponse = { data: FeedAccessLogEntry[]; pagination: { total: number; page: number; pageSize: number; pageCount: number } };
export type FeedAccessLogRequest = { page: number; pageSize: number };
