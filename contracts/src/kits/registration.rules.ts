import { DATE_BOUNDS, TEXT_LIMITS } from '../validation/limits';
import { boundedText, type FieldRule, rule, type RuleTable } from '../validation/rules';
import { AvailabilityMessages, availabilityProblems } from './availability';

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
  dateOutOfRange: `Dates must be between ${DATE_BOUNDS.minYear} and ${DATE_BOUNDS.maxYear}.`,
  publicDisplay: 'Show on public map must be true or false.',
  coordinatesNotNumbers: 'Latitude and longitude must be numbers.',
  manuallyChecked: 'Manually checked must be true or false.',
  nulCharacter: 'Text must not contain a NUL character.',
  /** A save based on an older copy of the kit (another tab, another admin): 409. */
  staleEdit:
    'This kit was changed after you opened it. Close this window and open the kit again to see the latest details, then make your change again.',
  /** An owner changed what the public map shows on an approved kit: it is hidden until an admin approves it again. */
  editAwaitsReview:
    'Your changes have been saved. Because they change what the public map shows, the kit is hidden from the map until an admin has reviewed them.',
} as const;

/** Present dates are text of at most YYYY-MM-DD's length; whether it is a real day the kits context checks. */
const dateShape = { message: KitMessages.invalidDate, test: (v: unknown) => v == null || (typeof v === 'string' && v.length <= TEXT_LIMITS.date) };

/** The fields every registration must carry (the spec's required fields). */
export type RequiredRegistrationField =
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
  | 'custodianEmail';

/** The registration table of the spec: every failing field reported at once. otherMake and cabinetCode are not enforced. */
export const kitRegistrationRules: RuleTable<RequiredRegistrationField> = {
  serialNumber: [rule.minLength(2, KitMessages.serialNumber), ...boundedText('Serial number', TEXT_LIMITS.serialNumber, { singleLine: true })],
  make: [rule.required(KitMessages.make), ...boundedText('Kit make', TEXT_LIMITS.code, { singleLine: true })],
  locationType: [rule.required(KitMessages.locationType), ...boundedText('Location type', TEXT_LIMITS.code, { singleLine: true })],
  locationName: [rule.minLength(2, KitMessages.locationName), ...boundedText('Location name', TEXT_LIMITS.name, { singleLine: true })],
  addressLine1: [rule.minLength(2, KitMessages.addressLine1), ...boundedText('Address line 1', TEXT_LIMITS.address, { singleLine: true })],
  city: [rule.minLength(2, KitMessages.city), ...boundedText('City', TEXT_LIMITS.city, { singleLine: true })],
  postcode: [rule.minLength(2, KitMessages.postcode), ...boundedText('Postcode', TEXT_LIMITS.postcode, { singleLine: true })],
  purchaseDate: [rule.minLength(2, KitMessages.purchaseDate), dateShape],
  expiryDate: [rule.minLength(2, KitMessages.expiryDate), dateShape],
  custodianName: [rule.minLength(2, KitMessages.custodianName), ...boundedText('Custodian name', TEXT_LIMITS.name, { singleLine: true })],
  custodianPhone: [rule.minLength(10, KitMessages.custodianPhone), ...boundedText('Custodian phone', TEXT_LIMITS.phone, { singleLine: true })],
  custodianEmail: [rule.email(KitMessages.custodianEmail), ...boundedText('Custodian email', TEXT_LIMITS.email, { singleLine: true })],
};

/** The schedule, field by field (see availabilityProblems); the answer names the first day and field at fault. */
const availabilityRule: FieldRule = {
  message: AvailabilityMessages.notObject,
  test: (v) => typeof v !== 'string' || availabilityProblems(v).length === 0,
  messageFor: (v) => availabilityProblems(v)[0] ?? AvailabilityMessages.notObject,
};

/** The optional text of a kit: not required, but typed and bounded like the rest (registration and edit alike). */
export const kitOptionalTextRules: RuleTable<
  'otherMake' | 'cabinetCode' | 'addressLine2' | 'what3words' | 'detailedLocation' | 'openingHours' | 'availability' | 'ambulanceService'
> = {
  otherMake: boundedText('Other make', TEXT_LIMITS.name, { singleLine: true }),
  cabinetCode: boundedText('Cabinet code', TEXT_LIMITS.cabinetCode, { singleLine: true }),
  addressLine2: boundedText('Address line 2', TEXT_LIMITS.address, { singleLine: true }),
  what3words: boundedText('what3words address', TEXT_LIMITS.what3words, { singleLine: true }),
  detailedLocation: boundedText('Detailed location', TEXT_LIMITS.notes),
  openingHours: boundedText('Opening hours', TEXT_LIMITS.openingHours),
  availability: [...boundedText('Availability', TEXT_LIMITS.availabilityJson), availabilityRule],
  ambulanceService: boundedText('Ambulance service', TEXT_LIMITS.code, { singleLine: true }),
};

/** YYYY-MM-DD of a real calendar day within DATE_BOUNDS (Postgres has no year 0000). */
export function isKitDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
export function isKitDateInBounds(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return year >= DATE_BOUNDS.minYear && year <= DATE_BOUNDS.maxYear;
}

/** Latitude and longitude must be present on submit; text that is not a number counts as missing. */
export function parseCoordinate(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  // Only a number or its text: `[53.8]` once passed as 53.8 through String().
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

/** A coordinate that is present must be a number or numeric text; absent ones are the location rule's concern. */
export function isCoordinateValue(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'number' || (typeof value === 'string' && value.length <= 32);
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
