import { rule, type RuleTable } from '../validation/rules';

export const KitMessages = {
  serialNumber: 'Serial number must be at least 2 characters.',
  make: 'Please select a kit make.',
  locationType: 'Please select a location type.',
  locationName: 'Location name must be at least 2 characters.',
  addressLine1: 'Address line 1 must be at least 2 characters.',
  city: 'City must be at least 2 characters.',
  postcode: 'Postcode must be at least 2 characters.',
  purchaseDate: 'Purchase date is required.',
  expiryDate: 'Expiry date is required.',
  custodianName: 'Custodian name must be at least 2 characters.',
  custodianPhone: 'Custodian phone must be at least 10 characters.',
  custodianEmail: 'Invalid email address.',
  location: 'Please select a location on the map',
  latitudeRange: 'Latitude must be a number between -90 and 90.',
  longitudeRange: 'Longitude must be a number between -180 and 180.',
  unknownLocationType: 'Please select a location type.',
  unknownDeploymentStatus: 'Status must be one of: available, unchecked, deployed.',
  registered: 'Bleed kit registered successfully. Awaiting approval.',
  notFound: 'Kit not found',
  adminOnlyField: 'Only an admin can change manually checked, status or owner.',
  invalidDate: 'Dates must be real dates (YYYY-MM-DD).',
} as const;

/** The registration table of the spec: every failing field reported at once. otherMake and cabinetCode are not enforced. */
export const kitRegistrationRules: RuleTable<
  | 'serialNumber'
  | 'make'
  | 'locationType'
  | 'locationName'
  | 'addressLine1'
  | 'city'
  | 'postcode'
  | 'purchaseDate'
  | 'expiryDate'
  | 'custodianName'
  | 'custodianPhone'
  | 'custodianEmail'
> = {
  serialNumber: [rule.minLength(2, KitMessages.serialNumber)],
  make: [rule.required(KitMessages.make)],
  locationType: [rule.required(KitMessages.locationType)],
  locationName: [rule.minLength(2, KitMessages.locationName)],
  addressLine1: [rule.minLength(2, KitMessages.addressLine1)],
  city: [rule.minLength(2, KitMessages.city)],
  postcode: [rule.minLength(2, KitMessages.postcode)],
  purchaseDate: [rule.minLength(2, KitMessages.purchaseDate)],
  expiryDate: [rule.minLength(2, KitMessages.expiryDate)],
  custodianName: [rule.minLength(2, KitMessages.custodianName)],
  custodianPhone: [rule.minLength(10, KitMessages.custodianPhone)],
  custodianEmail: [rule.email(KitMessages.custodianEmail)],
};

/** Latitude and longitude must be present on submit; text that is not a number counts as missing. */
export function parseCoordinate(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) ? n : null;
}

export function hasLocation(input: { latitude?: unknown; longitude?: unknown }): boolean {
  return parseCoordinate(input.latitude) !== null && parseCoordinate(input.longitude) !== null;
}

export const LONG_SERIAL_LENGTH = 20;
/** Serial numbers over 20 characters are flagged for review. */
export function isLongSerial(serial: string | null | undefined): boolean {
  return (serial ?? '').length > LONG_SERIAL_LENGTH;
}

export const THREE_WORD_PATTERN = /^\/{0,3}[\p{L}\p{M}]+\.[\p{L}\p{M}]+\.[\p{L}\p{M}]+$/u;
export const THREE_WORD_EXAMPLE = 'filled.count.soap';
export const THREE_WORD_INVALID = 'Invalid format. Example: filled.count.soap';
/** The three-word service's messages (spec §8): down or without a key, and no address for a position. */
export const THREE_WORD_UNAVAILABLE = 'Service temporarily unavailable';
export const THREE_WORD_NOT_FOUND = 'Could not get What3Words address';
/** api_error and no_api_key both mean the service cannot answer now. */
export function isWhat3wordsUnavailable(status: unknown): boolean {
  return status === 'api_error' || status === 'no_api_key';
}
