import { type GeocodedPlace, GeocodingPort } from './geocoding.port';

type GoogleBody = {
  status: string;
  results?: { formatted_address?: string; geometry?: { location?: { lat: number; lng: number } } }[];
  error_message?: string;
};

/** Google Geocoding (when GOOGLE_GEOCODING_API_KEY is set): GET {base}?address=&region=uk&key= → {status, results}. */
export class GoogleGeocoder extends GeocodingPort {
  readonly name = 'google' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  async geocode(text: string): Promise<GeocodedPlace | null> {
    const url = new URL(this.baseUrl);
    url.searchParams.set('address', text);
    url.searchParams.set('region', 'uk');
    url.searchParams.set('components', 'country:GB');
    url.searchParams.set('key', this.apiKey);
    const res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`Google Geocoding answered ${res.status}`);
    const body = (await res.json()) as GoogleBody;
    if (body.status === 'ZERO_RESULTS') return null;
    if (body.status !== 'OK') throw new Error(`Google Geocoding status ${body.status}`);
    const hit = body.results?.[0];
    const loc = hit?.geometry?.location;
    if (!loc || !Number.isFinite(loc.lat) || !Number.isFinite(loc.lng)) return null;
    return { lat: loc.lat, lng: loc.lng, label: hit?.formatted_address ?? text, source: this.name };
  }
}
