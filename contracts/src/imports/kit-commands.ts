import type { Actor } from '../identity/actor';
import type { KitRegistration } from '../kits/kit';
import type { RequiredRegistrationField } from '../kits/registration.rules';
import type { ComparedKitField } from './comparison';

/**
 * The kits subjects the imports context calls. They live with the imports contracts because they exist for it;
 * the kits context implements them with the same rules as its form-facing commands.
 */

/** kits.cmd.register-batch.v1: register several kits, each under an idempotency key (a retry never creates twice). */
export type RegisterBatchRequest = {
  actor: Actor;
  /** The account the kits belong to: the caller's own unless an admin names another. */
  ownerId?: string | null;
  entries: { idempotencyKey: string; kit: KitRegistration }[];
};
/** Per entry: the kit (new, or made by an earlier attempt with the same key) or the registration's messages. */
export type RegisterBatchOutcome = { idempotencyKey: string; kitId: number; replayed: boolean } | { idempotencyKey: string; errors: string[] };
export type RegisterBatchResponse = { outcomes: RegisterBatchOutcome[] };
export const REGISTER_BATCH_MAX = 500;

/** kits.cmd.update-if-unchanged.v1: apply field changes only where each field still holds the value compared. */
export type UpdateIfUnchangedRequest = {
  actor: Actor;
  kitId: number;
  idempotencyKey: string;
  changes: { field: ComparedKitField; oldValue: unknown; newValue: unknown }[];
};
export type UpdateIfUnchangedResponse = { kitId: number; revision: number; replayed: boolean };
export const staleValueMessage = (field: string, now: string, expected: string) =>
  `The kit changed after the comparison: ${field} is now '${now}', not '${expected}'. Compare again before updating.`;

/** kits.qry.match-for-comparison.v1: kits whose serial number, or location name and postcode, match (admins only). */
export type MatchKitsRequest = { actor: Actor; serialNumbers: string[]; locations: { locationName: string; postcode: string }[] };
/** A kit as the comparison reads it: the fields a registration requires, and its id. */
export type MatchableKit = Pick<KitRegistration, RequiredRegistrationField> & {
  id: number;
  status: string;
  addressLine2: string | null;
  latitude: number;
  longitude: number;
  what3words: string | null;
  detailedLocation: string | null;
  openingHours: string;
  ambulanceService: string;
};
export type MatchKitsResponse = { kits: MatchableKit[] };
/** Keys per request, and kits answered per key at most (a shared serial must not flood the answer). */
export const MATCH_KEYS_MAX = 500;
export const MATCHES_PER_KEY_MAX = 3;

/** kits.qry.postcode-places.v1: the register's gazetteer: the centre of the kits registered at each postcode. */
export type PostcodePlacesRequest = { postcodes: string[] };
export type PostcodePlacesResponse = { places: Record<string, { latitude: number; longitude: number }> };
export const POSTCODE_PLACES_MAX = 500;
