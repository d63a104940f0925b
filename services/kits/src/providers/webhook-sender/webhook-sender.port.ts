/** One POST of a signed batch to a receiver. */
export type WebhookPost = { url: string; headers: Readonly<Record<string, string>>; body: string };

/**
 * What the receiver made of it: `delivered` only for a 2xx answer. Anything else (another status, a redirect, no
 * answer in time, no connection) is a failure with what an admin needs to see in the delivery log.
 */
export type WebhookOutcome = { delivered: boolean; httpStatus: number | null; error: string | null; durationMs: number };

/** Port: sends a push batch to a feed client's webhook. Never throws for the receiver's failures; answers them. */
export abstract class WebhookSender {
  abstract post(request: WebhookPost): Promise<WebhookOutcome>;
}
