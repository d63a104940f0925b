import {
  type Availability,
  DEFAULT_AMBULANCE_SERVICE,
  DEFAULT_LOCATION_TYPE,
  DEFAULT_MAKE,
  defaultAvailability,
  defaultKitDates,
  firstErrors,
  hasLocation,
  type Kit,
  type KitRegistration,
  kitRegistrationRules,
  openingHoursText,
  parseAvailability,
  validateAgainst,
} from '@bleedkits/contracts';

/** The kit form's state: text inputs as strings, the schedule as an object (sent as a JSON string). */
export type KitFormValues = {
  serialNumber: string;
  make: string;
  otherMake: string;
  locationType: string;
  cabinetCode: string;
  locationName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postcode: string;
  latitude: string;
  longitude: string;
  what3words: string;
  detailedLocation: string;
  availability: Availability;
  purchaseDate: string;
  expiryDate: string;
  custodianName: string;
  custodianPhone: string;
  custodianEmail: string;
  ambulanceService: string;
  publicDisplay: boolean;
};

export type KitFormField = keyof KitFormValues;
export type KitFormErrors = Partial<Record<KitFormField, string>>;

export function emptyKitForm(now: Date = new Date()): KitFormValues {
  const dates = defaultKitDates(now);
  return {
    serialNumber: '',
    make: DEFAULT_MAKE,
    otherMake: '',
    locationType: DEFAULT_LOCATION_TYPE,
    cabinetCode: '',
    locationName: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    postcode: '',
    latitude: '',
    longitude: '',
    what3words: '',
    detailedLocation: '',
    availability: defaultAvailability(),
    purchaseDate: dates.purchaseDate,
    expiryDate: dates.expiryDate,
    custodianName: '',
    custodianPhone: '',
    custodianEmail: '',
    ambulanceService: DEFAULT_AMBULANCE_SERVICE,
    publicDisplay: true,
  };
}

const dateOnly = (value: string | null | undefined) => (value ?? '').slice(0, 10);

/** A stored kit as form values; a schedule that cannot be read starts from the default one. */
export function kitToFormValues(kit: Kit): KitFormValues {
  return {
    serialNumber: kit.serialNumber ?? '',
    make: kit.make ?? DEFAULT_MAKE,
    otherMake: kit.otherMake ?? '',
    locationType: kit.locationType ?? DEFAULT_LOCATION_TYPE,
    cabinetCode: kit.cabinetCode ?? '',
    locationName: kit.locationName ?? '',
    addressLine1: kit.addressLine1 ?? '',
    addressLine2: kit.addressLine2 ?? '',
    city: kit.city ?? '',
    postcode: kit.postcode ?? '',
    latitude: kit.latitude === null || kit.latitude === undefined ? '' : String(kit.latitude),
    longitude: kit.longitude === null || kit.longitude === undefined ? '' : String(kit.longitude),
    what3words: kit.what3words ?? '',
    detailedLocation: kit.detailedLocation ?? '',
    availability: parseAvailability(kit.availability) ?? defaultAvailability(),
    purchaseDate: dateOnly(kit.purchaseDate),
    expiryDate: dateOnly(kit.expiryDate),
    custodianName: kit.custodianName ?? '',
    custodianPhone: kit.custodianPhone ?? '',
    custodianEmail: kit.custodianEmail ?? '',
    ambulanceService: kit.ambulanceService ?? DEFAULT_AMBULANCE_SERVICE,
    publicDisplay: kit.publicDisplay ?? true,
  };
}

/** The wire shape: coordinates as strings, the schedule as JSON plus its legacy text. */
export function toKitRegistration(v: KitFormValues): KitRegistration {
  const optional = (s: string) => (s.trim() === '' ? undefined : s.trim());
  return {
    serialNumber: v.serialNumber.trim(),
    make: v.make,
    otherMake: v.make === 'other' ? optional(v.otherMake) : undefined,
    locationType: v.locationType,
    cabinetCode: v.locationType === 'locked_cabinet' ? optional(v.cabinetCode) : undefined,
    locationName: v.locationName.trim(),
    addressLine1: v.addressLine1.trim(),
    addressLine2: optional(v.addressLine2),
    city: v.city.trim(),
    postcode: v.postcode.trim(),
    latitude: v.latitude.trim(),
    longitude: v.longitude.trim(),
    what3words: optional(v.what3words),
    detailedLocation: optional(v.detailedLocation),
    openingHours: openingHoursText(v.availability),
    availability: JSON.stringify(v.availability),
    purchaseDate: v.purchaseDate,
    expiryDate: v.expiryDate,
    custodianName: v.custodianName.trim(),
    custodianPhone: v.custodianPhone.trim(),
    custodianEmail: v.custodianEmail.trim(),
    ambulanceService: v.ambulanceService || undefined,
    publicDisplay: v.publicDisplay,
  };
}

/** The first message of each failing field of the shared registration table. */
export function validateKitForm(v: KitFormValues): KitFormErrors {
  return firstErrors(validateAgainst(kitRegistrationRules, v as unknown as Record<string, unknown>));
}

export function formHasLocation(v: Pick<KitFormValues, 'latitude' | 'longitude'>): boolean {
  return hasLocation(v);
}
