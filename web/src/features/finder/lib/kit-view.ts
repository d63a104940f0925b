import { DEFAULT_PIN_COLOUR, DEPLOYMENT_STATUS_DISPLAY, kitDisplayStatus, normaliseLocationType, PIN_COLOURS, type FinderKit } from '@bleedkits/contracts';

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

/** A walking/driving route in Google Maps; works without the Maps script or key. */
export function directionsUrl(kit: Pick<FinderKit, 'latitude' | 'longitude'>): string | null {
  if (kit.latitude === null || kit.longitude === null) return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${kit.latitude},${kit.longitude}`;
}
