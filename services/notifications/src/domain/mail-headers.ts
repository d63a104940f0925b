import type { EmailLane } from '@bleedkits/contracts';

/**
 * Every message is machine-sent (RFC 3834 `Auto-Submitted: auto-generated`; Exchange's `X-Auto-Response-Suppress`),
 * so vacation responders do not answer it. Bulk mail (reminders, digests) also carries `Precedence: bulk` and a
 * `List-Id` (RFC 2919) under the sender's domain, which out-of-office rules and providers' filters read as a list.
 */
export function laneHeaders(lane: EmailLane, mailFrom: string): Readonly<Record<string, string>> {
  const machine = { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'OOF, AutoReply' };
  if (lane === 'transactional') return machine;
  return {
    ...machine,
    Precedence: 'bulk',
    'List-Id': `"UK Bleed Kit Register verification reminders" <verification-reminders.${senderDomainOf(mailFrom)}>`,
  };
}

/** The domain of MAIL_FROM's address ("Name <no-reply@example.org>" → example.org). */
export function senderDomainOf(mailFrom: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom)?.[1]?.toLowerCase() ?? 'bleedkits.local';
}
