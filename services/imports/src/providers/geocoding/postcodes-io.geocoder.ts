import { normalisePostcode } from '@bleedkits/contracts';
import { type Located, PostcodeGeocoder } from './postcode-geocoder.port';

type BulkBody = {
  status: number;
  result?: { query: string; result: { postcode?: string; latitude?: number | null; longitude?: number | null } | null }[];
};

/** postcodes.io's bulk lookup: POST /postcodes {postcodes: [up to 100]} → {status, result: [{query, result}]}. */
export class PostcodesIoGeocoder extends PostcodeGeocoder {
  readonly name = 'postcodes.io';
  private static readonly BULK_MAX = 100;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  async locate(postcodes: readonly string[]): Promise<Map<string, Located>> {
    const found = new Map<string, Located>();
    for (let i = 0; i < postcodes.length; i += PostcodesIoGeocoder.BULK_MAX) {
      const res = await fetch(`${this.baseUrl.replace(/\/+$/, '')}/postcodes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ postcodes: postcodes.slice(i, i + PostcodesIoGeocoder.BULK_MAX) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) throw new Error(`postcodes.io answered ${res.status}`);
      const body = (await res.json()) as BulkBody;
      for (const hit of body.result ?? []) {
        const lat = Number(hit.result?.latitude);
        const lng = Number(hit.result?.longitude);
        if (hit.result?.latitude == null || hit.result.longitude == null || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
        found.set(normalisePostcode(hit.query), { latitude: lat, longitude: lng });
      }
    }
    return found;
  }
}
