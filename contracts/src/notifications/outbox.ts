import type { OutboxStatus } from './email';

export const OUTBOX_STATUSES: readonly OutboxStatus[] = ['queued', 'sending', 'sent', 'failed', 'held', 'blocked'];
export const OUTBOX_PAGE_SIZE = 25;

/** One row of GET /api/admin/email-outbox: what left, what waits and what is stuck. Never the body. */
export type OutboxMessageSummary = {
  id: string;
  to: string;
  templateId: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
};

export type OutboxPageRequest = { page: number; status?: OutboxStatus };
export type OutboxPageResponse = {
  data: OutboxMessageSummary[];
  pagination: { total: number; page: number; pageSize: number; pageCount: number };
};

/** The BullMQ job of QueueNames.emailDelivery and QueueNames.emailBulk: only the outbox id; the row is the source of truth. */
export type EmailDeliveryJob = { outboxId: string };
/** The periodic sweep on the same queue: re-enqueues queued rows that lost their job (a crash between insert and enqueue). */
export type OutboxSweepJob = Record<string, never>;
export const EmailDeliveryJobNames = { deliver: 'deliver', sweep: 'sweep' } as const;
