import type { LatLng } from './format';

export type GeolocationFailure = 'unsupported' | 'unavailable';

export class GeolocationError extends Error {
  constructor(readonly reason: GeolocationFailure) {
    super(reason);
  }
}

/** The browser's position; a fresh fix is worth waiting a few seconds for, a minute-old one is good enough. */
export function currentPosition(timeoutMs = 10_000): Promise<LatLng> {
  const geo = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geo) return Promise.reject(new GeolocationError('unsupported'));
  return new Promise((resolve, reject) => {
    geo.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      () => reject(new GeolocationError('unavailable')),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
