import { EMAIL_PATTERN } from '@bleedkits/contracts';

/**
 * A recipient the outbox will send to: one plain address. Stricter than the forms' pattern, because an address
 * is also parsed as a header value: a comma, semicolon or angle bracket could turn one recipient into several.
 */
export function isDeliverableAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL_PATTERN.test(value) && !/[\s,;<>()"\\[\]:]/.test(value);
}

/** The Message-ID of an outbox message: derived from its id, so a resend after a crash is recognisable. */
export function messageIdFor(outboxId: string, mailFrom: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'bleedkits.local';
  return `<${outboxId}@${domain}>`;
}
