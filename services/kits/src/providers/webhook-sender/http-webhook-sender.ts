import { Inject, Injectable } from '@nestjs/common';
import { KITS_ENV, type KitsEnv } from '../../config/env';
import type { WebhookOutcome, WebhookPost, WebhookSender } from './webhook-sender.port';

/** The longest part of a receiver's error answer kept for the delivery log. */
const ERROR_BODY_CHARS = 200;

/**
 * The receiver over HTTP(S), each POST bounded by FEED_PUSH_TIMEOUT_MS. Redirects are not followed: a batch goes to
 * the URL the admin set and nowhere else (a 3xx is a failure the admin sees).
 */
@Injectable()
export class HttpWebhookSender implements WebhookSender {
  constructor(@Inject(KITS_ENV) private readonly env: Pick<KitsEnv, 'FEED_PUSH_TIMEOUT_MS'>) {}

  async post({ url, headers, body }: WebhookPost): Promise<WebhookOutcome> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'bleedkits-feed-push/1', ...headers },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.env.FEED_PUSH_TIMEOUT_MS),
      });
      const text = await res.text().catch(() => '');
      if (res.status >= 200 && res.status < 300) return { delivered: true, httpStatus: res.status, error: null, durationMs: took() };
      const detail = text.trim().slice(0, ERROR_BODY_CHARS);
      return { delivered: false, httpStatus: res.status, error: `HTTP ${res.status}${detail ? `: ${detail}` : ''}`, durationMs: took() };
    } catch (error) {
      const e = error as Error & { cause?: { code?: string; message?: string } };
      const reason =
        e.name === 'TimeoutError' ? `No answer within ${this.env.FEED_PUSH_TIMEOUT_MS} ms` : (e.cause?.code ?? e.cause?.message ?? e.message);
      return { delivered: false, httpStatus: null, error: reason, durationMs: took() };
    }
  }
}
