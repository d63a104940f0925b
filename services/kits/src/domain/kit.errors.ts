import { KitMessages } from '@bleedkits/contracts';
import { ServiceError } from '@bleedkits/platform';

export const KitErrors = {
  /** Someone else's kit answers exactly like a missing one: its existence is not disclosed. */
  notFound: () => ServiceError.notFound(KitMessages.notFound),
  adminOnlyField: () => ServiceError.forbidden(KitMessages.adminOnlyField),
  adminOnly: () => ServiceError.forbidden('Admin access is required.'),
  invalidId: () => ServiceError.validation(['Kit id must be a positive whole number']),
};

export function parseKitId(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : Number(String(raw ?? '').replace(/^BCK-/i, ''));
  if (!Number.isSafeInteger(n) || n <= 0) throw KitErrors.invalidId();
  return n;
}
