import type { AdminKit, Kit } from '@bleedkits/contracts';

/** Overdue when the next verification date has passed (never verified counts from approval or registration). */
export function toAdminKit(kit: Kit, now: Date = new Date()): AdminKit {
  return { ...kit, isOverdue: !!kit.nextVerificationDue && new Date(kit.nextVerificationDue) < now };
}
