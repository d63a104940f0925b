import type { AuditFieldValues } from '@bleedkits/contracts';
import type { KitState } from './kit-state';

/** The fields of a kit an audit entry compares (the trail keeps only those that changed; a code only as "changed"). */
const AUDITED_FIELDS = [
  'serialNumber',
  'make',
  'otherMake',
  'locationType',
  'cabinetCode',
  'locationName',
  'addressLine1',
  'addressLine2',
  'city',
  'postcode',
  'latitude',
  'longitude',
  'what3words',
  'detailedLocation',
  'openingHours',
  'availability',
  'purchaseDate',
  'expiryDate',
  'custodianName',
  'custodianPhone',
  'custodianEmail',
  'ambulanceService',
  'publicDisplay',
  'manuallyChecked',
  'ownerId',
  'status',
  'tourniquetExpiry',
  'dressingsExpiry',
] as const satisfies readonly (keyof KitState)[];

export function kitAuditFields(kit: KitState): AuditFieldValues {
  return Object.fromEntries(AUDITED_FIELDS.map((field) => [field, kit[field] ?? null]));
}

/** How the trail names a kit: its reference, where it is and its serial number (never its code). */
export function kitAuditLabel(kit: Pick<KitState, 'id' | 'locationName' | 'postcode' | 'serialNumber'>): string {
  return `BCK-${kit.id}: ${kit.locationName}, ${kit.postcode} (serial ${kit.serialNumber})`;
}
