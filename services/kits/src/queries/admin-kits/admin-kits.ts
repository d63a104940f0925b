import { type AdminKit, type Kit, isVerificationOverdue } from '@bleedkits/contracts';

/** Overdue when the next verification day has passed (never verified counts from registration). */
export function toAdminKit(kit: Kit, now: Date = new Date()): AdminKit {
  return { ...kit, isOverdue: isVerificationOverdue(kit.nextVerificationDue, now) };
}
