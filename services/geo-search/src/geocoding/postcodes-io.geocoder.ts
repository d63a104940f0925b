import { FULL_POSTCODE_PATTERN, OUTWARD_CODE_PATTERN, normalisePostcode } from '@bleedkits/contracts';
import { type GeocodedPlace, GeocodingPort } from './geocoding.port';

type PostcodesIoPoint = { latitude?: number | null; longitude?: number | null; postcode?: string; outcode?: string; name_1?: string };
type PostcodesIoBody = { status: number; result?: PostcodesIoPoint | PostcodesIoPoint[] | null; error?: string };

/**
 * postcodes.io: GET /postcodes/{postcode} for full postcodes, /outcodes/{outcode} for outward codes and
 * /places?q=&limit=1 for place names; each answers {status, result} and 404 {status: 404, error}.
 */
export class PostcodesIoGeocoder extends GeocodingPort {
  readonly name = 'postcodes.io' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  async geocode(text: string): Promise<GeocodedPlace | null> {
    const postcode = normalisePostcode(text);
    if (FULL_POSTCODE_PATTERN.test(postcode)) return this.point(`/postcodes/${encodeURIComponent(postcode)}`, postcode);
    if (OUTWARD_CODE_PATTERN.test(postcode)) return this.point(`/outcodes/${encodeURIComponent(postcode)}`, postcode);
    return this.point(`/places?q=${encodeURIComponent(text)}&limit=1`, null);
  }

  private async point(path: string, label: string | null): Promise<GeocodedPlace | null> {
    const res = await fetch(`${this.baseUrl.replace(/\/+$/, '')}${path}`, {
      signal: AbortSignal.timeout(this.timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`postcodes.io answered ${res.status}`);
    const body = (await res.json()) as PostcodesIoBody;
    const hit = Array.isArray(body.result) ? body.result[0] : body.result;
    const lat = Number(hit?.latitude);
    const lng = Number(hit?.longitude);
    if (!hit || hit.latitude == null || hit.longitude == null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
    return { lat, lng, label: label ?? hit.name_1 ?? hit.postcode ?? hit.outcode ?? '', source: this.name };
  }
}
