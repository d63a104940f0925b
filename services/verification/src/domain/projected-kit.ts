import {
  type KitFeedRecord,
  type VerificationReportKit,
  DEPLOYED_TOO_LONG_DAYS,
  daysOverdue,
  isVerificationOverdue,
  londonToday,
  calendarDaysBetween,
  calendarDateOf,
  verificationStatus,
} from '@bleedkits/contracts';

/** An active kit as the verification context keeps it (its projection of the kits feed). */
export type ProjectedKit = Pick<
  VerificationReportKit,
  'id' | 'serialNumber' | 'locationName' | 'addressLine1' | 'city' | 'postcode' | 'custodianName' | 'custodianEmail' | 'lastVerifiedAt'
> & {
  revision: number;
  createdAt: string;
  nextVerificationDue: string;
  deploymentStatus: KitFeedRecord['deploymentStatus'];
  deploymentNotes: string | null;
  deploymentChangedAt: string | null;
  tourniquetExpiry: string | null;
  dressingsExpiry: string | null;
};

/** The projection's row of a feed record; null when the kit is not one verification chases (not active). */
export function projectedKitOf(kit: KitFeedRecord, revision: number): ProjectedKit | null {
  if (kit.status !== 'active' || !kit.nextVerificationDue) return null;
  return {
    id: kit.id,
    revision,
    serialNumber: kit.serialNumber,
    locationName: kit.locationName,
    addressLine1: kit.addressLine1,
    city: kit.city,
    postcode: kit.postcode,
    custodianName: kit.custodianName,
    custodianEmail: kit.custodianEmail,
    createdAt: kit.createdAt,
    lastVerifiedAt: kit.lastVerifiedAt,
    nextVerificationDue: calendarDateOf(kit.nextVerificationDue),
    deploymentStatus: kit.deploymentStatus,
    deploymentNotes: kit.deploymentNotes,
    deploymentChangedAt: kit.deploymentChangedAt ?? null,
    tourniquetExpiry: kit.tourniquetExpiry ?? null,
    dressingsExpiry: kit.dressingsExpiry ?? null,
  };
}

export function reportKitOf(k: ProjectedKit, now: Date): VerificationReportKit {
  const facts = { lastVerifiedAt: k.lastVerifiedAt, createdAt: k.createdAt, nextVerificationDue: k.nextVerificationDue };
  return {
    id: k.id,
    serialNumber: k.serialNumber,
    locationName: k.locationName,
    addressLine1: k.addressLine1,
    city: k.city,
    postcode: k.postcode,
    custodianName: k.custodianName,
    custodianEmail: k.custodianEmail,
    lastVerifiedAt: k.lastVerifiedAt,
    nextVerificationDue: k.nextVerificationDue,
    verificationStatus: verificationStatus(facts, now),
    isOverdue: isVerificationOverdue(k.nextVerificationDue, now),
    daysOverdue: daysOverdue(k.nextVerificationDue, now),
    deploymentStatus: k.deploymentStatus,
  };
}

/**
 * The custodian is asked to restock once per deployment: when the feed shows the kit deployed at a time the
 * projection had not seen, and recently (a projection rebuilt from scratch must not e-mail every kit deployed
 * months ago; those are the weekly digest's business).
 */
export function isNewDeployment(before: Pick<ProjectedKit, 'deploymentChangedAt'> | null, after: ProjectedKit, now: Date): boolean {
  if (after.deploymentStatus !== 'deployed' || !after.deploymentChangedAt) return false;
  if (before?.deploymentChangedAt && Date.parse(before.deploymentChangedAt) >= Date.parse(after.deploymentChangedAt)) return false;
  return calendarDaysBetween(calendarDateOf(after.deploymentChangedAt), londonToday(now)) <= DEPLOYED_TOO_LONG_DAYS;
}

/** "BCK-12 Village Hall, 1 Church Lane, Altrincham WA15 8FH (due 15/07/2026)": a line of the admin digest. */
export function digestLine(k: ProjectedKit, detail: string): string {
  return `BCK-${k.id} ${k.locationName}, ${k.addressLine1}, ${k.city} ${k.postcode} (${detail})`;
}

export const gbDate = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
