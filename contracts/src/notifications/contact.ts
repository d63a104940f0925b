import type { ContactMessageRequest } from '../validation/contact.rules';

/**
 * notifications.cmd.contact.v1: a visitor's message. `requestId` (made by the gateway) keys both e-mails, so a
 * repeated delivery of the same request never sends twice.
 */
export type SubmitContactMessageCommand = ContactMessageRequest & { requestId: string };

/** identity.cmd.request-password-reset.v1 (self-service "Forgot password?"). */
export type RequestPasswordResetCommand = { email: string; resetUrlBase: string };
/** POST /api/auth/forgot-password */
export type ForgotPasswordRequest = { email: string };
/** The same answer whether or not the address has an account. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that email address, we have sent a link to reset its password. Please check your inbox.';
