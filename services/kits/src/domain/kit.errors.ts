import { CodedError, KitMessages, ADMIN_ACCESS_REQUIRED } from '@bleedkits/contracts';

export const KitErrors = {
  /** Someone else's kit answers exactly like a missing one: its existence is not disclosed. */
  notFound: () => CodedError.notFound(KitMessages.notFound),
  adminOnlyField: () => CodedError.forbidden(KitMessages.adminOnlyField),
  adminOnly: () => CodedError.forbidden(ADMIN_ACCESS_REQUIRED),
  invalidId: () => CodedError.validation(['Kit id must be a positive whole number']),
};

export function parseKitId(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : Number(String(raw ?? '').replace(/^BCK-/i, ''));
  if (!Number.isSafeInteger(n) || n <= 0) throw KitErrors.invalidId();
  return n;
}
