/**
 * Why a Google sign-in did not complete: the callback redirects to /auth?error=<reason> and the sign-in card shows
 * the reason's message. The reason names the cause, never a detail of the account.
 */
export const GoogleSignInFailure = {
  /** Google refused, the exchange with Google failed, or the callback did not belong to this browser. */
  failed: 'google',
  /** The visitor cancelled at Google's consent screen. */
  cancelled: 'google_cancelled',
  /** The e-mail is registered here and Google does not vouch for it, so the accounts cannot be linked. */
  accountExists: 'google_account_exists',
  /** The register could not be reached to complete the sign-in. */
  unavailable: 'google_unavailable',
} as const;
export type GoogleSignInFailureReason = (typeof GoogleSignInFailure)[keyof typeof GoogleSignInFailure];

export const GOOGLE_SIGN_IN_FAILURE_MESSAGES: Record<GoogleSignInFailureReason, string> = {
  google: 'Google sign-in did not complete. Please try again, or sign in with your email and password.',
  google_cancelled: 'Google sign-in was cancelled. Choose Continue with Google to try again.',
  google_account_exists: 'An account with this email already exists and Google could not confirm the address. Sign in with your email and password.',
  google_unavailable: 'We could not complete your Google sign-in just now. Please try again in a few minutes.',
};

/** The message for the `error` parameter of /auth, or null when it names no Google failure. */
export function googleSignInFailureMessage(reason: string | null | undefined): string | null {
  return reason && Object.hasOwn(GOOGLE_SIGN_IN_FAILURE_MESSAGES, reason)
    ? GOOGLE_SIGN_IN_FAILURE_MESSAGES[reason as GoogleSignInFailureReason]
    : null;
}
