import {
  CUSTODIAN_MAIL_MAX_KITS,
  CUSTODIAN_STOP_API_PATH,
  CUSTODIAN_STOP_PAGE_PATH,
  CustodianMailMessages,
  EmailTemplateIds,
} from '@bleedkits/contracts';
import type { EmailVariables } from '@bleedkits/contracts';
import type { RenderedEmail } from './email-template';
import { withoutLinks } from './link-text';
import { signStopToken } from './stop-link';

/**
 * The two links of one custodian e-mail: the page its body links to (a button there POSTs, so a link scanner's
 * GET stops nothing) and the RFC 8058 one-click URL of its List-Unsubscribe header (the mail client POSTs).
 */
export function stopLinksFor(publicBaseUrl: string, secret: string, address: string, kitIds: readonly number[]) {
  const token = encodeURIComponent(signStopToken(secret, { address, kitIds: [...kitIds] }));
  const base = publicBaseUrl.replace(/\/+$/, '');
  return { page: `${base}${CUSTODIAN_STOP_PAGE_PATH}?token=${token}`, oneClick: `${base}${CUSTODIAN_STOP_API_PATH}?token=${token}` };
}

/** Variables whose value is a link the register builds itself (from PUBLIC_BASE_URL), never text someone typed. */
const REGISTER_LINKS = new Set(['dashboardUrl', 'adminUrl']);

/**
 * A custodian address was typed by a kit's owner and never confirmed by its holder, so an e-mail to it carries
 * no link the owner wrote: every text the owner typed (names, location, address) loses anything that reads as a
 * link; the register's own links stay.
 */
export function custodianSafeVariables(variables: EmailVariables, registerBaseUrl?: string): EmailVariables {
  // A link into the register itself (PUBLIC_BASE_URL), e.g. a digest line's link to its kit's check, stays.
  const own = registerBaseUrl ? `${registerBaseUrl.replace(/\/+$/, '')}/` : null;
  const clean = (text: string) => withoutLinks(text, (word) => own !== null && word.startsWith(own));
  const safe: Record<string, EmailVariables[string]> = {};
  for (const [name, value] of Object.entries(variables)) {
    if (REGISTER_LINKS.has(name)) safe[name] = value;
    else if (typeof value === 'string') safe[name] = clean(value);
    else if (Array.isArray(value)) safe[name] = value.map((v: string) => clean(v));
    else safe[name] = value;
  }
  return safe;
}

/** What is wrong with a send request's `custodianKitIds` (absent is fine: not a custodian e-mail). */
export function custodianKitIdProblems(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const ok =
    Array.isArray(value) &&
    value.length >= 1 &&
    value.length <= CUSTODIAN_MAIL_MAX_KITS &&
    value.every((k) => Number.isSafeInteger(k) && (k as number) > 0);
  return ok ? [] : [`custodianKitIds must be a list of 1 to ${CUSTODIAN_MAIL_MAX_KITS} kit ids`];
}

/** Which daily limit per recipient an e-mail counts toward, if any. */
export type RecipientLimit = { kind: 'custodian' | 'contact-confirmation'; maxPerDay: number };

/**
 * Mail sent to an address nobody confirmed is limited per address per day, so the register cannot be used to
 * flood a stranger: custodian e-mails (the address an owner typed) and contact confirmations (the address a
 * visitor typed). Everything else goes to an account's own address or to the admins.
 */
export function recipientLimitFor(
  templateId: string,
  custodianKitIds: readonly number[] | undefined,
  limits: { custodianPerDay: number; contactConfirmationsPerDay: number },
): RecipientLimit | null {
  if (custodianKitIds?.length) return { kind: 'custodian', maxPerDay: limits.custodianPerDay };
  if (templateId === EmailTemplateIds.contactUserConfirmation) return { kind: 'contact-confirmation', maxPerDay: limits.contactConfirmationsPerDay };
  return null;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Appends the stop link to a custodian e-mail. The outbox adds it, not the template, so no admin edit of a
 * template can remove it. In the HTML it goes just before `</body>` when there is one.
 */
export function withStopLink(email: RenderedEmail, stopPageUrl: string): RenderedEmail {
  const link = `<p style="font-size:12px;color:#6b7280;text-align:center;margin:16px 0;"><a href="${escapeHtml(stopPageUrl)}" style="color:#6b7280;">${escapeHtml(CustodianMailMessages.footerLink)}</a></p>`;
  const at = email.html.lastIndexOf('</body>');
  const html = at >= 0 ? `${email.html.slice(0, at)}${link}\n${email.html.slice(at)}` : `${email.html}\n${link}`;
  const text = `${email.text.replace(/\s+$/, '')}\n\n${CustodianMailMessages.footerText}\n${stopPageUrl}\n`;
  return { ...email, html, text };
}
