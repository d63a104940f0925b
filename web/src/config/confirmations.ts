import type { Kit } from '@bleedkits/contracts';

/** The admin's kit delete confirmation: the admin's kit cards and the edit dialog ask it the same way. */
export function deleteKitConfirmation(k: Pick<Kit, 'serialNumber' | 'locationName'>): string {
  return `Are you sure you want to delete kit ${k.serialNumber} (${k.locationName})? This action cannot be undone.`;
}
