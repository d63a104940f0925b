import { type Actor, type AuditFieldValues, REGISTRATION_FIELDS } from '@bleedkits/contracts';
import type { KitState } from './kit-state';

/** The fields of a kit an audit entry compares (the trail keeps only those that changed; a code only as "changed"). */
const AUDITED_FIELDS = [
  ...REGISTRATION_FIELDS,
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

/** The trail's entry of an edit, whoever made it and however (the form, a CSV update): the kit before and after. */
export function kitEditedEntry(actor: Actor, before: KitState, after: KitState) {
  return {
    actor,
    action: 'kit.edited' as const,
    target: { type: 'kit' as const, id: after.id, label: kitAuditLabel(after) },
    before: kitAuditFields(before),
    after: kitAuditFields(after),
  };
}
