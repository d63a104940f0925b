/**
 * The RTK Query cache tags, in one place: the slice's tag types and the lists mutations invalidate. A kit write
 * invalidates a list from here, never one written by hand, so a new cached view of kits (a figure, a report) is
 * refreshed by every kit write once its tag is added below (issue #9: hand-written lists had drifted, and an
 * owner's edit left the public kit counter stale).
 */

/** Every tag any endpoint provides or invalidates; createApi's `tagTypes` (./api.ts). */
export const TAG_TYPES = [
  /** The signed-in user (GET /api/auth/user). */
  'CurrentUser',
  /** One kit's details (GET /api/bleed-kits/:id). */
  'Kits',
  /** The owner's kits (dashboard). */
  'UserKits',
  /** The admin All Kits table. */
  'AdminKits',
  /** The admin approval queue. */
  'PendingKits',
  /** Public figures counted from the kits: the home page counter (GET /api/stats) and the statistics page. */
  'Stats',
  /** The admin user list; each row carries the user's kit_count. */
  'Users',
  /** The admin verification reports (all, overdue, upcoming kits). */
  'VerificationReports',
  /** The admin manufacturer list; each row carries how many kits are of that make. */
  'Manufacturers',
  /** When approved kits were last downloaded. */
  'ApprovedDownload',
  'Backups',
  'BackupStats',
  'FeedClients',
  'FeedAccessLog',
  'EmailTemplates',
] as const;

export type TagType = (typeof TAG_TYPES)[number];

/**
 * A kit was written (registered, edited, verified, deployed, approved, rejected, deleted, reassigned, imported or
 * changed by a maintenance tool): every cached answer computed from kits. Over-invalidating is cheap (only mounted
 * queries refetch; the others are dropped), a missing tag leaves a stale figure on screen.
 */
export const KIT_CHANGED_TAGS = [
  'Kits',
  'UserKits',
  'AdminKits',
  'PendingKits',
  'Stats',
  'VerificationReports',
  'Manufacturers',
] as const satisfies readonly TagType[];

/**
 * A kit appeared, disappeared or changed hands (registration, import, deletion, reassignment, an admin's edit
 * that may set the owner, a deleted user): the users' kit counts change as well.
 */
export const KIT_OWNERSHIP_CHANGED_TAGS = [...KIT_CHANGED_TAGS, 'Users'] as const satisfies readonly TagType[];

/** Answers that are public, or that sign-in and sign-out set directly: kept when the user signs out. */
const KEPT_ON_SIGN_OUT: readonly TagType[] = ['CurrentUser', 'Stats'];

/** Everything cached for the signed-in user (their kits, the admin console): dropped or refetched on sign-out. */
export const SIGNED_IN_TAGS: readonly TagType[] = TAG_TYPES.filter((t) => !KEPT_ON_SIGN_OUT.includes(t));
