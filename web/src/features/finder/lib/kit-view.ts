import { DEPLOYMENT_STATUS_DISPLAY, kitDisplayStatus, type FinderKit } from '@bleedkits/contracts';
import { DEFAULT_PIN_COLOUR, normaliseLocationType, PIN_COLOURS } from './pins';

/** Pin colour of a kit: its normalised type's colour, grey when no type is given. */
export function pinColour(kit: Pick<FinderKit, 'locationType'>): string {
  const type = normaliseLocationType(kit.locationType);
  return type ? PIN_COLOURS[type] : DEFAULT_PIN_COLOUR;
}

export function displayStatus(kit: Pick<FinderKit, 'deploymentStatus' | 'verificationStatus'>) {
  return DEPLOYMENT_STATUS_DISPLAY[kitDisplayStatus(kit)];
}

export function addressLine(kit: Pick<FinderKit, 'addressLine1' | 'postcode'>): string {
  return [kit.addressLine1, kit.postcode].filter(Boolean).join(', ');
}

export type MapsPlatform = 'android' | 'ios' | 'other';

/** Which maps app a directions link should open: Android's geo: handler, Apple Maps on iPhone and iPad, else Google Maps. */
export function mapsPlatform(
  nav: { userAgent: string; maxTouchPoints?: number } | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): MapsPlatform {
  const ua = nav?.userAgent ?? '';
  if (/android/i.test(ua)) return 'android';
  // iPadOS reports itself as a Mac; a Mac with a touch screen is an iPad.
  if (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && (nav?.maxTouchPoints ?? 0) > 1)) return 'ios';
  return 'other';
}

export type DirectionsLink = { href: string; /** A web page (opened in a new tab); geo: hands over to the maps app. */ external: boolean };

/** Directions to the kit in the device's maps app, with its coordinates; works without the Maps script or key. */
export function directionsLink(
  kit: Pick<FinderKit, 'latitude' | 'longitude' | 'locationName'>,
  platform: MapsPlatform = mapsPlatform(),
): DirectionsLink | null {
  if (kit.latitude === null || kit.longitude === null) return null;
  const at = `${kit.latitude},${kit.longitude}`;
  switch (platform) {
    case 'android':
      return { href: `geo:${at}?q=${at}(${encodeURIComponent(kit.locationName)})`, external: false };
    case 'ios':
      return { href: `https://maps.apple.com/?daddr=${at}&q=${encodeURIComponent(kit.locationName)}`, external: true };
    case 'other':
      return { href: `https://www.google.com/maps/dir/?api=1&destination=${at}`, external: true };
  }
}

/** The what3words address as people write it, '///filled.count.soap'; null when the kit has none. */
export function what3wordsAddress(kit: Pick<FinderKit, 'what3words'>): string | null {
  const words = kit.what3words?.trim().replace(/^\/+/, '');
  return words ? `///${words}` : null;
}
