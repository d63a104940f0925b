import type { Kit } from '@bleedkits/contracts';

/**
 * A kit as the kits context stores it: the contract's Kit without the fields computed or joined for a view
 * (owner e-mail, verification dates and status, deployment history), keyed by owner id.
 */
export type KitState = Omit<
  Kit,
  'userId' | 'userEmail' | 'nextVerificationDue' | 'verificationStatus' | 'deploymentHistory' | 'verificationChecks'
> & {
  ownerId: string | null;
  /** The due day set by the last check or the admin's bulk update; null: derived from registration. */
  nextVerificationDue: string | null;
};

/** The writable fields: what registration sets and an edit may change. */
export type KitFields = Omit<
  KitState,
  | 'id'
  | 'revision'
  | 'createdAt'
  | 'updatedAt'
  | 'approvedAt'
  | 'lastVerifiedAt'
  | 'deploymentStatus'
  | 'deploymentNotes'
  | 'nextVerificationDue'
  | 'tourniquetExpiry'
  | 'dressingsExpiry'
  | 'deploymentChangedAt'
>;
