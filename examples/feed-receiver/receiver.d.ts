import type { IncomingMessage, ServerResponse } from 'node:http';

export type ReceivedRequest = { id: string | undefined; outcome: 'accepted' | 'duplicate' | 'refused'; status: number };
export type ReceivedBatch = { webhookId: string; type: string; afterCursor: string; nextCursor: string; records: Record<string, unknown>[] };

export type FeedReceiver = {
  secrets: string[];
  seen: Set<string>;
  requests: ReceivedRequest[];
  handle(req: IncomingMessage, res: ServerResponse): void;
  batches(): ReceivedBatch[];
};

export function createFeedReceiver(options: { secrets: string[]; file: string; toleranceSeconds?: number; nowSeconds?: () => number }): FeedReceiver;

export function verifyWebhook(options: {
  secrets: string[];
  headers: Record<string, string | string[] | undefined>;
  body: string;
  nowSeconds?: number;
  toleranceSeconds?: number;
}): { ok: true } | { ok: false; reason: string };
