import { Inject, Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';
import { isPublicAddress } from '@bleedkits/contracts';
import { KITS_ENV, type KitsEnv } from '../../config/env';
import type { WebhookOutcome, WebhookPost, WebhookSender } from './webhook-sender.port';

/** The longest part of a receiver's error answer kept for the delivery log. */
const ERROR_BODY_CHARS = 200;

/**
 * The receiver over HTTP(S), each POST bounded by FEED_PUSH_TIMEOUT_MS. Redirects are not followed: a batch goes to
 * the URL the admin set and nowhere else (a 3xx is a failure the admin sees). In production a host whose name
 * resolves to a private or loopback address is not sent to (the URL was checked when it was set; its DNS may change).
 */
@Injectable()
export class HttpWebhookSender implements WebhookSender {
  constructor(@Inject(KITS_ENV) private readonly env: Pick<KitsEnv, 'FEED_PUSH_TIMEOUT_MS' | 'NODE_ENV'>) {}

  async post({ url, headers, body }: WebhookPost): Promise<WebhookOutcome> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const refused = this.env.NODE_ENV === 'production' ? await privateAddressOf(url) : null;
      if (refused)
        return {
          delivered: false,
          httpStatus: null,
          error: `Not sent: the webhook host resolves to ${refused}, a private address`,
          durationMs: took(),
        };
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

/** The first address the URL's host resolves to that is not public, or null when all are. */
async function privateAddressOf(url: string): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = await lookup(host, { all: true, verbatim: true });
  return addresses.find((a) => !isPublicAddress(a.address))?.address ?? null;
}
