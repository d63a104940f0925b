import { normalisePostcode } from '@bleedkits/contracts';
import { type NamedPoint, type NearestPostcode, PostcodeLookup, PostcodeProviderUnavailable, type PostcodePoint } from './postcode-lookup.port';

/** What postcodes.io says of a postcode, an outward code or a place (only the fields the register reads). */
type PostcodesIoResult = {
  postcode?: string;
  outcode?: string;
  name_1?: string;
  latitude?: number | null;
  longitude?: number | null;
  admin_district?: string | string[] | null;
  parish?: string | null;
  region?: string | null;
};
type PostcodesIoBody<R> = { status: number; result?: R | null; error?: string };
type BulkItem = { query: string; result: PostcodesIoResult | null };

export type PostcodesIoOptions = {
  /** https://api.postcodes.io, or a peer that speaks its protocol; a path prefix is kept. */
  baseUrl: string;
  /** Per HTTP call: a slow answer counts as the provider being unavailable, so the caller falls back quickly. */
  timeoutMs: number;
};

/**
 * postcodes.io (https://postcodes.io/docs), the one client of it in the register:
 *   GET  /postcodes/{postcode}           a full postcode
 *   GET  /outcodes/{outcode}             an outward code
 *   GET  /places?q={name}&limit=1        a place name
 *   POST /postcodes {postcodes: [≤100]}  many postcodes: {result: [{query, result | null}]}
 *   GET  /postcodes?lon=&lat=&limit=1    the nearest postcode to a position (result null when none is near)
 * Each answers {status, result} and 404 {status: 404, error} for what it does not know.
 */
export class PostcodesIoClient extends PostcodeLookup {
  readonly name = 'postcodes.io';
  /** postcodes.io refuses a bulk lookup of more than 100 postcodes. */
  static readonly BULK_MAX = 100;
  private readonly baseUrl: string;

  constructor(private readonly options: PostcodesIoOptions) {
    super();
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async postcode(postcode: string): Promise<PostcodePoint | null> {
    const hit = await this.get<PostcodesIoResult>(`/postcodes/${encodeURIComponent(normalisePostcode(postcode))}`);
    return hit ? pointOf(hit) : null;
  }

  async outcode(outcode: string): Promise<PostcodePoint | null> {
    const hit = await this.get<PostcodesIoResult>(`/outcodes/${encodeURIComponent(normalisePostcode(outcode))}`);
    return hit ? pointOf(hit) : null;
  }

  async place(name: string): Promise<NamedPoint | null> {
    const hits = await this.get<PostcodesIoResult[]>(`/places?q=${encodeURIComponent(name)}&limit=1`);
    const hit = hits?.[0];
    const point = hit ? pointOf(hit) : null;
    return point && hit ? { ...point, name: hit.name_1 ?? '' } : null;
  }

  async postcodes(postcodes: readonly string[]): Promise<Map<string, PostcodePoint>> {
    const found = new Map<string, PostcodePoint>();
    for (let i = 0; i < postcodes.length; i += PostcodesIoClient.BULK_MAX) {
      const batch = postcodes.slice(i, i + PostcodesIoClient.BULK_MAX);
      const answer = await this.call<BulkItem[]>('POST', '/postcodes', { postcodes: batch });
      // The bulk lookup always exists: a 404 or a missing list means whoever answered is not postcodes.io.
      if (!answer || !Array.isArray(answer.result))
        throw new PostcodeProviderUnavailable(`postcodes.io answered POST /postcodes without a result list`, answer ? 200 : 404);
      for (const item of answer.result) {
        const point = item?.result ? pointOf(item.result) : null;
        if (point) found.set(normalisePostcode(item.query), point);
      }
    }
    return found;
  }

  async nearest(latitude: number, longitude: number): Promise<NearestPostcode | null> {
    const hits = await this.get<PostcodesIoResult[]>(`/postcodes?lon=${encodeURIComponent(longitude)}&lat=${encodeURIComponent(latitude)}&limit=1`);
    const hit = hits?.[0];
    const point = hit ? pointOf(hit) : null;
    if (!hit?.postcode || !point) return null;
    return {
      ...point,
      postcode: normalisePostcode(hit.postcode),
      adminDistrict: textOf(hit.admin_district),
      parish: textOf(hit.parish),
      region: textOf(hit.region),
    };
  }

  /** The `result` of a GET; null when postcodes.io answers 404 (it does not know what was asked) or a null result. */
  private async get<R>(path: string): Promise<R | null> {
    return (await this.call<R>('GET', path))?.result ?? null;
  }

  /** postcodes.io's answer; null for a 404. Anything but a 2xx or a 404, and no answer in time, is "unavailable". */
  private async call<R>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PostcodesIoBody<R> | null> {
    const what = `${method} ${path}`;
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (e) {
      throw unreachable(e, what, this.options.timeoutMs);
    }
    if (res.status === 404) {
      // Drained, so the connection goes back to the pool.
      await res.body?.cancel().catch(() => undefined);
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new PostcodeProviderUnavailable(`postcodes.io answered ${res.status} to ${what}`, res.status);
    }
    let parsed: PostcodesIoBody<R>;
    try {
      parsed = (await res.json()) as PostcodesIoBody<R>;
    } catch (e) {
      throw unreachable(e, what, this.options.timeoutMs, `postcodes.io answered ${what} with a body that is not JSON`);
    }
    if (typeof parsed !== 'object' || parsed === null) {
      throw new PostcodeProviderUnavailable(`postcodes.io answered ${what} without its {status, result} envelope`, res.status);
    }
    return parsed;
  }
}

/**
 * The client a context's POSTCODES_IO_BASE_URL asks for: none when it is empty or 'off' (the context then uses only
 * its offline gazetteer). Every context reads the same two variables, each with its own default timeout.
 */
export function postcodesIoFrom(env: { POSTCODES_IO_BASE_URL: string; GEOCODING_TIMEOUT_MS: number }): PostcodesIoClient | null {
  const baseUrl = env.POSTCODES_IO_BASE_URL.trim();
  if (!baseUrl || baseUrl === 'off') return null;
  return new PostcodesIoClient({ baseUrl, timeoutMs: env.GEOCODING_TIMEOUT_MS });
}

/** Coordinates as postcodes.io gives them; none when missing (it knows some postcodes without a position). */
function pointOf(hit: PostcodesIoResult): PostcodePoint | null {
  if (hit.latitude == null || hit.longitude == null) return null;
  const latitude = Number(hit.latitude);
  const longitude = Number(hit.longitude);
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null;
}

/** An area's name: outward codes list several districts, where the first is the main one. */
function textOf(value: string | string[] | null | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && text.trim() ? text : null;
}

/** Why a call failed before postcodes.io's answer could be read: the timeout (the headers or the body came too late), else `otherwise`. */
function unreachable(e: unknown, what: string, timeoutMs: number, otherwise?: string): PostcodeProviderUnavailable {
  const error = e as Error & { cause?: { code?: string; message?: string } };
  if (error?.name === 'TimeoutError' || error?.name === 'AbortError')
    return new PostcodeProviderUnavailable(`postcodes.io did not answer ${what} within ${timeoutMs} ms`, null, { cause: e });
  if (otherwise) return new PostcodeProviderUnavailable(otherwise, null, { cause: e });
  // fetch reports "fetch failed" and keeps the reason (ECONNREFUSED, ENOTFOUND, ...) as its cause.
  const reason = error?.cause?.code ?? error?.cause?.message ?? error?.message ?? String(e);
  return new PostcodeProviderUnavailable(`postcodes.io could not be reached for ${what}: ${reason}`, null, { cause: e });
}
