/** Fixtures and browser stand-ins shared by the finder's component tests. */
export const aKit = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  locationName: 'Westminster Station',
  locationType: 'unlocked_cabinet',
  latitude: 51.5014,
  longitude: -0.1419,
  availability: null,
  openingHours: '24/7',
  what3words: 'filled.count.soap',
  addressLine1: '1 High Street',
  city: 'London',
  postcode: 'SW1A 1AA',
  detailedLocation: 'Beside the ticket office',
  deploymentStatus: 'available',
  verificationStatus: 'verified',
  ...overrides,
});

export const notConfigured = () =>
  new Response('Google Maps API key not configured', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
export const mapsKey = (key = 'test-maps-key') => new Response(key, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

type Geolocation = Pick<globalThis.Geolocation, 'getCurrentPosition'>;

/** Replaces navigator.geolocation; `undefined` removes it (an unsupported browser). */
export function setGeolocation(geo: Geolocation | undefined): void {
  Object.defineProperty(window.navigator, 'geolocation', { value: geo, configurable: true });
}

export function geolocationAt(lat: number, lng: number): Geolocation {
  return {
    getCurrentPosition: (ok) => ok({ coords: { latitude: lat, longitude: lng } } as GeolocationPosition),
  };
}

export function geolocationDenied(): Geolocation {
  return {
    getCurrentPosition: (_ok, fail) => fail?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
  };
}

type GeocodeAnswer = { formatted_address?: string; address_components?: { long_name: string; types: string[] }[] }[];

/** A stand-in for the Maps geocoder that answers every reverse-geocode with `answer`. */
export function installGeocoder(answer: GeocodeAnswer, status = 'OK'): jest.Mock {
  const geocode = jest.fn((_request: unknown, callback: (r: GeocodeAnswer, s: string) => void) => callback(answer, status));
  (window as unknown as { google?: unknown }).google = {
    maps: {
      Geocoder: class {
        geocode = geocode;
      },
    },
  };
  return geocode;
}

export function removeGoogle(): void {
  delete (window as unknown as { google?: unknown }).google;
}

export function toast(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-toast]');
}

export function requestsTo(fetchMock: jest.Mock, path: string): URL[] {
  return fetchMock.mock.calls
    .map(([input, init]) => new URL(input instanceof Request ? input.url : new Request(String(input), init as RequestInit).url))
    .filter((u) => u.pathname === path);
}
