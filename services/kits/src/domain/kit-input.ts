import {
  LOCATION_TYPES,
  KitMessages,
  type KitRegistration,
  type LocationType,
  allDayAvailability,
  errorMessages,
  hasLocation,
  isKitDate,
  isKitDateInBounds,
  kitOptionalTextRules,
  kitRegistrationRules,
  normalisePostcode,
  openingHoursText,
  parseAvailability,
  parseCoordinate,
  resolveAmbulanceService,
  validateAgainst,
} from '@bleedkits/contracts';
import type { KitFields } from './kit-state';

// Only strings are text: the rule tables report any other shape, so nothing is ever stringified into a field.
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const optional = (v: unknown): string | null => text(v) || null;

/**
 * Checks a registration (or an edited kit's merged fields) against the spec's table, the map location, the
 * manufacturer list and the location types, reporting every failure at once, and returns the normalised fields.
 */
export function readKitInput(input: Partial<KitRegistration>, makes: ReadonlySet<string>): { errors: string[]; fields: KitFields | null } {
  const record = input as Record<string, unknown>;
  const errors = [...errorMessages(validateAgainst(kitRegistrationRules, record)), ...errorMessages(validateAgainst(kitOptionalTextRules, record))];
  // Postgres text cannot hold NUL; one in a multi-line field would otherwise fail the write with a 500.
  if (Object.values(record).some((v) => typeof v === 'string' && v.includes('\u0000'))) errors.push(KitMessages.nulCharacter);
  if (input.publicDisplay !== undefined && input.publicDisplay !== null && typeof input.publicDisplay !== 'boolean')
    errors.push(KitMessages.publicDisplay);
  const make = text(input.make);
  if (make && !makes.has(make)) errors.push(KitMessages.make);
  const locationType = text(input.locationType);
  if (locationType && !(LOCATION_TYPES as readonly string[]).includes(locationType)) errors.push(KitMessages.unknownLocationType);
  const latitude = parseCoordinate(input.latitude);
  const longitude = parseCoordinate(input.longitude);
  if (!hasLocation(input)) errors.push(KitMessages.location);
  else {
    if (latitude! < -90 || latitude! > 90) errors.push(KitMessages.latitudeRange);
    if (longitude! < -180 || longitude! > 180) errors.push(KitMessages.longitudeRange);
  }
  for (const field of ['purchaseDate', 'expiryDate'] as const) {
    const v = text(input[field]);
    if (v.length < 2) continue;
    if (!isKitDate(v)) {
      if (!errors.includes(KitMessages.invalidDate)) errors.push(KitMessages.invalidDate);
    } else if (!isKitDateInBounds(v) && !errors.includes(KitMessages.dateOutOfRange)) errors.push(KitMessages.dateOutOfRange);
  }
  if (errors.length) return { errors, fields: null };

  // Locked cabinets are always available: the schedule is forced to 24/7 whatever was sent.
  const parsed = locationType === 'locked_cabinet' ? allDayAvailability() : parseAvailability(input.availability);
  const availability = parsed ? JSON.stringify(parsed) : null;
  const openingHours = parsed ? openingHoursText(parsed) : text(input.openingHours);
  const postcode = normalisePostcode(text(input.postcode));
  const address = { postcode, city: text(input.city), addressLine1: text(input.addressLine1), addressLine2: text(input.addressLine2) };
  return {
    errors: [],
    fields: {
      serialNumber: text(input.serialNumber),
      make,
      otherMake: optional(input.otherMake),
      locationType: locationType as LocationType,
      cabinetCode: optional(input.cabinetCode),
      locationName: text(input.locationName),
      addressLine1: address.addressLine1,
      addressLine2: optional(input.addressLine2),
      city: address.city,
      postcode,
      latitude: latitude!,
      longitude: longitude!,
      what3words: optional(input.what3words)?.replace(/^\/+/, '') ?? null,
      detailedLocation: optional(input.detailedLocation),
      openingHours,
      availability,
      purchaseDate: text(input.purchaseDate),
      expiryDate: text(input.expiryDate),
      custodianName: text(input.custodianName),
      custodianPhone: text(input.custodianPhone),
      custodianEmail: text(input.custodianEmail).toLowerCase(),
      ambulanceService: resolveAmbulanceService(text(input.ambulanceService), address),
      publicDisplay: input.publicDisplay !== false,
      manuallyChecked: false,
      ownerId: null,
      status: 'pending',
    },
  };
}

const MOVE_TOLERANCE_METRES = 50;

function metresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const r = 6371e3;
  const toRad = (d: number) => (d * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLng = toRad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * r * Math.asin(Math.sqrt(h));
}

/**
 * An owner's edit that moves an approved kit (pin moved more than 50 m, or a new postcode or first address line)
 * sends it back for approval: the public map never shows a location an admin has not seen (docs/decisions.md).
 */
export function locationChanged(
  before: Pick<KitFields, 'latitude' | 'longitude' | 'postcode' | 'addressLine1'>,
  after: Pick<KitFields, 'latitude' | 'longitude' | 'postcode' | 'addressLine1'>,
): boolean {
  return (
    metresBetween(before, after) > MOVE_TOLERANCE_METRES ||
    normalisePostcode(before.postcode) !== normalisePostcode(after.postcode) ||
    before.addressLine1.trim().toLowerCase() !== after.addressLine1.trim().toLowerCase()
  );
}

/** The public listing's free text, besides the address: what an owner could turn into "SCAM: call 0909…". */
const PUBLIC_TEXT_FIELDS = ['locationName', 'locationType', 'city', 'detailedLocation', 'what3words'] as const;
type PublicListingFields = Pick<
  KitFields,
  'latitude' | 'longitude' | 'postcode' | 'addressLine1' | 'availability' | 'openingHours' | 'ambulanceService' | (typeof PUBLIC_TEXT_FIELDS)[number]
>;
const sameText = (a: string | null, b: string | null) => (a ?? '').trim() === (b ?? '').trim();

/** Two stored schedules say the same thing (both are written from parseAvailability, so this is only a guard). */
function sameSchedule(a: string | null, b: string | null): boolean {
  const read = (v: string | null) => (v ? JSON.stringify(parseAvailability(v)) : null);
  return read(a) === read(b);
}

/**
 * An owner's edit of an approved kit that changes what the public sees sends it back for approval, so no owner
 * can publish text, a place, hours or a feed an admin has not seen: moved (see locationChanged); its name, type,
 * town, detailed location, what3words; its schedule or hand-typed opening hours; its ambulance service, whose feed
 * carries the cabinet code. Custodian details, dates and the other private fields stay live (docs/decisions.md).
 */
export function publicListingChanged(before: PublicListingFields, after: PublicListingFields): boolean {
  if (locationChanged(before, after)) return true;
  if (PUBLIC_TEXT_FIELDS.some((f) => !sameText(before[f], after[f]))) return true;
  if (before.ambulanceService !== after.ambulanceService) return true;
  if (!sameSchedule(before.availability, after.availability)) return true;
  return !sameText(before.openingHours, after.openingHours);
}
