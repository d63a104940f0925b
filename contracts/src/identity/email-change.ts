import { TEXT_LIMITS } from '../validation/limits';
import type { RuleTable } from '../validation/rules';
import type { UserResponse } from './user';

/**
 * Changing the sign-in e-mail (issue 29): the current password is required, the old address is told, and the new
 * address takes effect only when the link e-mailed to it is opened. Until then the account signs in with the old one.
 */
export const EmailChangeMessages = {
  passwordRequired: 'Enter your current password to change your email address',
  noPassword: 'Your account has no password yet. Use "Forgot password?" on the sign-in page to set one, then change your email address.',
  linkInvalid: 'This email confirmation link is invalid or has expired',
  confirmed: 'Your email address has been changed. Use it to sign in from now on.',
  /** The answer to a profile save that asked for a new address. */
  pending: (newEmail: string) =>
    `We have sent a confirmation link to ${newEmail}. Your email address changes when you open it; until then, sign in with your current address.`,
} as const;

/** Where the confirmation link opens (the web app's page, which posts the token). */
export const EMAIL_CHANGE_CONFIRM_PATH = '/confirm-email';

/** How long a confirmation link works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

/** PUT /api/auth/profile's answer: the user as stored, plus the address waiting for confirmation when one was asked for. */
export type UpdateProfileResponse = UserResponse & { pendingEmail?: string; message?: string };

/** POST /api/auth/confirm-email. */
export type ConfirmEmailChangeRequest = { token: string };
/** identity.cmd.confirm-email-change.v1: the user whose address changed, so the gateway can end their other sessions. */
export type ConfirmEmailChangeResponse = { message: string; userId: string };

/** The token of a confirmation link: text of bounded length, else the link is simply invalid. */
export const confirmEmailChangeRules: RuleTable<'token'> = {
  token: [{ message: EmailChangeMessages.linkInvalid, test: (v) => typeof v === 'string' && v.trim().length > 0 && v.length <= TEXT_LIMITS.token }],
};
