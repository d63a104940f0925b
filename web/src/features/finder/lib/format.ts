import { FINDER } from '@bleedkits/contracts';

/** Counts in the finder list: as is below 1000, else with a k suffix (one decimal below 10k, trailing .0 dropped). */
export function abbreviateCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(Math.round(n));
  if (abs < 1000) return `${sign}${abs}`;
  const k = abs / 1000;
  const text = k < 10 ? (Math.floor(k * 10) / 10).toFixed(1).replace(/\.0$/, '') : String(Math.floor(k));
  return `${sign}${text}k`;
}

/** How many markers to add per frame: 50 up to 500 markers, 100 up to 1000, 200 up to 5000, 300 above. */
export function markerChunkSize(count: number): number {
  if (count <= 500) return 50;
  if (count <= 1000) return 100;
  if (count <= 5000) return 200;
  return 300;
}

export type LatLng = { lat: number; lng: number };

/** Great-circle distance in km (haversine, Earth radius 6371 km). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * FINDER.earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distances are shown to 2 decimals. */
export function formatDistanceKm(km: number): string {
  return km.toFixed(2);
}
