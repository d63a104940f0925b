import { type ValidationError, validateSync } from 'class-validator';
import { KitRegistrationDto } from '@bleedkits/contracts/dto';

function messagesOf(errors: ValidationError[]): string[] {
  return errors.flatMap((e) => [...Object.values(e.constraints ?? {}), ...messagesOf(e.children ?? [])]);
}

/**
 * The registration form's server-side check of a row: the same DTO class (and so the same rule table and
 * messages) that POST /api/bleed-kits validates with. The kits context then applies its own checks, as it does
 * for the form (manufacturer list, location types, real dates).
 */
export function registrationMessages(kit: Record<string, unknown>): string[] {
  return messagesOf(validateSync(Object.assign(new KitRegistrationDto(), kit)));
}
