import { withoutLinks } from './link-text';

/** The longest subject a confirmation repeats; the rest is cut with an ellipsis. */
const MAX_REPEATED_SUBJECT = 80;

/**
 * The subject line as the confirmation repeats it to whatever address the visitor typed: one line, without
 * anything a mail client would show as a link, so the register's own address never carries someone else's link.
 * The template escapes the rest in HTML.
 */
export function subjectForConfirmation(subject: string): string {
  const cleaned = withoutLinks(subject.replace(/[\r\n\t\v\f\u2028\u2029]+/g, ' '))
    .replace(/ {2,}/g, ' ')
    .trim();
  return cleaned.length > MAX_REPEATED_SUBJECT ? `${cleaned.slice(0, MAX_REPEATED_SUBJECT - 1).trimEnd()}…` : cleaned;
}
