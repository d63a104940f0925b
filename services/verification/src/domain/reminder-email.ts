import { createHash } from 'node:crypto';
import {
  CUSTODIAN_MAIL_MAX_KITS,
  EmailTemplateIds,
  type EmailTemplateId,
  type EmailVariables,
  REMINDER_DIGEST_LIST_LIMIT,
  type ReminderKind,
  calendarDateOf,
  consumablesExpiringBeforeNextCheck,
  daysOverdue,
  describeConsumables,
  dueKitsPath,
  isVerificationOverdue,
  kitVerifyPath,
  reminderIdempotencyKey,
} from '@bleedkits/contracts';
import { gbDate, type ProjectedKit } from './projected-kit';

/** One e-mail of a reminder run to one custodian, and every kit it reminds them of (each in its own kind). */
export type ReminderEmail = {
  templateId: EmailTemplateId;
  idempotencyKey: string;
  to: string;
  variables: EmailVariables;
  /** The kit of a single-kit reminder; null for a digest. */
  kitId: number | null;
  kits: { kitId: number; dueDay: string; kind: ReminderKind }[];
  /** The kits the e-mail's stop link names (the listed ones). */
  custodianKitIds: number[];
};

export const reminderKindOf = (kit: ProjectedKit, now: Date): ReminderKind =>
  isVerificationOverdue(kit.nextVerificationDue, now) ? 'verification_overdue' : 'verification_reminder';

/**
 * A digest's key is the custodian's address and the run (the address hashed: keys stay short and carry no
 * address), so a run repeated or resumed after a crash hands the outbox the same key and nothing is sent twice.
 */
export function digestIdempotencyKey(runId: string, custodian: string): string {
  const address = createHash('sha256').update(custodian.trim().toLowerCase()).digest('hex').slice(0, 32);
  return `verification_digest:run:${runId}:to:${address}`;
}

/**
 * What a run sends a custodian about their owed kits (most overdue first): one kit gets the spec's
 * `verification_reminder` / `verification_overdue` unchanged (its key per kit, kind and due day, as before
 * digests); two or more get one digest, `verification_overdue_digest` when any is overdue, else
 * `verification_reminder_digest`, listing REMINDER_DIGEST_LIST_LIMIT kits and "and N more".
 */
export function reminderEmailFor(kits: readonly ProjectedKit[], ctx: { runId: string; now: Date; publicBaseUrl: string }): ReminderEmail {
  if (!kits.length) throw new Error('a reminder e-mail needs at least one kit');
  const base = ctx.publicBaseUrl.replace(/\/$/, '');
  const year = ctx.now.getFullYear();
  const reminded = kits.map((k) => ({ kitId: k.id, dueDay: k.nextVerificationDue, kind: reminderKindOf(k, ctx.now) }));
  const first = kits[0];
  if (kits.length === 1) {
    const kind = reminded[0].kind;
    return {
      templateId: kind === 'verification_overdue' ? EmailTemplateIds.verificationOverdue : EmailTemplateIds.verificationReminder,
      idempotencyKey: reminderIdempotencyKey(kind, first.id, first.nextVerificationDue),
      to: first.custodianEmail,
      variables: {
        custodianName: first.custodianName,
        serialNumber: first.serialNumber,
        locationName: first.locationName,
        addressLine1: first.addressLine1,
        city: first.city,
        postcode: first.postcode,
        lastVerifiedDate: first.lastVerifiedAt ? gbDate(calendarDateOf(first.lastVerifiedAt)) : 'Not verified',
        dueDate: gbDate(first.nextVerificationDue),
        year,
        // The consumables recorded at the last check that run out before this one (empty: the sentence is left out).
        consumables: describeConsumables(consumablesExpiringBeforeNextCheck(first, first.nextVerificationDue)),
      },
      kitId: first.id,
      kits: reminded,
      custodianKitIds: [first.id],
    };
  }
  const overdueCount = reminded.filter((r) => r.kind === 'verification_overdue').length;
  const listed = kits.slice(0, REMINDER_DIGEST_LIST_LIMIT);
  return {
    templateId: overdueCount > 0 ? EmailTemplateIds.verificationOverdueDigest : EmailTemplateIds.verificationReminderDigest,
    idempotencyKey: digestIdempotencyKey(ctx.runId, first.custodianEmail),
    to: first.custodianEmail,
    variables: {
      custodianName: first.custodianName,
      kitCount: kits.length,
      overdueCount,
      kits: listed.map((k) => digestKitLine(k, ctx.now, base)),
      moreCount: kits.length - listed.length,
      dueKitsUrl: `${base}${dueKitsPath(overdueCount > 0 ? 'due' : 'due_30')}`,
      year,
    },
    kitId: null,
    kits: reminded,
    custodianKitIds: listed.slice(0, CUSTODIAN_MAIL_MAX_KITS).map((k) => k.id),
  };
}

/** "BK-0042 – Village Hall, 1 High Street, Anytown AB1 2CD – due 01/09/2025, 12 days overdue – check it: <link>". */
export function digestKitLine(k: ProjectedKit, now: Date, base: string): string {
  const overdue = daysOverdue(k.nextVerificationDue, now);
  const due = `due ${gbDate(k.nextVerificationDue)}${overdue > 0 ? `, ${overdue} ${overdue === 1 ? 'day' : 'days'} overdue` : ''}`;
  const place = [k.locationName, k.addressLine1, `${k.city} ${k.postcode}`.trim()].filter(Boolean).join(', ');
  const link = `check it: ${base}${kitVerifyPath(k.id)}`;
  // A line of a template list is at most 500 characters: the place gives way, never the due date or the link.
  const room = 500 - (k.serialNumber.length + due.length + link.length + 9);
  return `${k.serialNumber} – ${place.length > room ? `${place.slice(0, Math.max(0, room - 1))}…` : place} – ${due} – ${link}`;
}
