import { FeedPushMessages, type FeedPushDelivery, type FeedPushLogResponse, type FeedPushSubscriptionView } from '@bleedkits/contracts';
import { json } from '@/test/fetch-mock';

/** Test data for the push delivery view's specs. */
export const CLIENT = { id: '00000000-0000-4000-8000-000000000007', label: 'NWAS CAD' };
export const PUSH = `/api/admin/ambulance-feed/clients/${CLIENT.id}/push`;
export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export const aSubscription = (overrides: Partial<FeedPushSubscriptionView> = {}): FeedPushSubscriptionView => ({
  clientId: CLIENT.id,
  url: 'https://cad.nwas.example/bleed-kits',
  state: 'active',
  deliveredCursor: '1042',
  deliveredAt: '2026-07-04T09:30:00.000Z',
  lagRecords: 0,
  lagSeconds: 0,
  failedAttempts: 0,
  failingSince: null,
  nextAttemptAt: null,
  lastError: null,
  pausedAt: null,
  previousSecretValidUntil: null,
  createdAt: '2026-07-01T08:00:00.000Z',
  ...overrides,
});

export const aDelivery = (id: number, overrides: Partial<FeedPushDelivery> = {}): FeedPushDelivery => ({
  id,
  messageId: `msg_${id}`,
  type: 'ambulance-feed.records',
  afterCursor: '1000',
  nextCursor: '1042',
  records: 42,
  outcome: 'delivered',
  httpStatus: 200,
  error: null,
  attemptedAt: '2026-07-04T09:30:00.000Z',
  durationMs: 87,
  ...overrides,
});

export const logPage = (data: FeedPushDelivery[], page = 1, pageCount = 1): FeedPushLogResponse => ({
  data,
  pagination: { total: data.length + (pageCount - 1) * 25, page, pageSize: 25, pageCount },
});

/** What GET .../push answers for a client without a subscription. */
export const noSubscription = () => json({ message: FeedPushMessages.noSubscription }, 404);
