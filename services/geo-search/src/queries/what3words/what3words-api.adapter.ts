import { Logger } from '@nestjs/common';
import type { CoordinatesToWhat3words, What3wordsToCoordinates } from '@bleedkits/contracts';
import { W3W_UNAVAILABLE_MESSAGE, What3wordsPort } from './what3words.port';

type W3wBody = { coordinates?: { lat: number; lng: number }; words?: string; error?: { code?: string; message?: string } };

/**
 * The what3words v3 API: GET {base}/convert-to-coordinates?words=&key= and {base}/convert-to-3wa?coordinates=lat,lng&key=.
 * A provider error (HTTP error, {error}, timeout) answers status 'api_error' with a message; it never throws.
 */
export class What3wordsApiAdapter extends What3wordsPort {
  private readonly logger = new Logger('What3words');

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  async toCoordinates(words: string): Promise<What3wordsToCoordinates> {
    const r = await this.call('convert-to-coordinates', { words: words.trim().replace(/^\/+/, '') });
    if ('failure' in r) return { status: 'api_error', message: r.failure };
    const c = r.body.coordinates;
    if (!c || !Number.isFinite(c.lat) || !Number.isFinite(c.lng)) return { status: 'api_error', message: W3W_UNAVAILABLE_MESSAGE };
    return { status: 'success', coordinates: { lat: c.lat, lng: c.lng } };
  }

  async toWords(lat: number, lng: number): Promise<CoordinatesToWhat3words> {
    const r = await this.call('convert-to-3wa', { coordinates: `${lat},${lng}` });
    if ('failure' in r) return { status: 'api_error', message: r.failure };
    if (!r.body.words) return { status: 'api_error', message: W3W_UNAVAILABLE_MESSAGE };
    return { status: 'success', words: r.body.words };
  }

  private async call(endpoint: string, params: Record<string, string>): Promise<{ body: W3wBody } | { failure: string }> {
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}/${endpoint}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('key', this.apiKey);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
      const body = (await res.json().catch(() => ({}))) as W3wBody;
      if (!res.ok || body.error) {
        this.logger.warn({ msg: 'what3words error', endpoint, status: res.status, code: body.error?.code });
        return { failure: body.error?.message ?? W3W_UNAVAILABLE_MESSAGE };
      }
      return { body };
    } catch (e) {
      this.logger.warn({ msg: 'what3words unreachable', endpoint, error: (e as Error).message });
      return { failure: W3W_UNAVAILABLE_MESSAGE };
    }
  }
}
