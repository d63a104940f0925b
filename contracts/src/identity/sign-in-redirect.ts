/**
 * GET /api/login: the spec's login redirect for admin pages. It answers 302 to the sign-in page, carrying the page
 * to come back to as `returnTo`; the sign-in page goes there after a sign-in. Only a path of this site may be carried
 * (no open redirect), and the gateway and the web check it with the one rule below.
 */
export const LOGIN_REDIRECT_PATH = '/api/login';
/** The sign-in page (the web app's /auth). */
export const SIGN_IN_PAGE_PATH = '/auth';
export const RETURN_TO_PARAM = 'returnTo';
/** Longer than any address of the site; a longer one is refused rather than cut. */
export const RETURN_TO_MAX_LENGTH = 2000;
export const RETURN_TO_REFUSED_MESSAGE = 'returnTo must be a path on this site, such as /admin';

/**
 * The same-origin path `value` names, or null. A path starts with one '/', and neither '//' nor '/\' (browsers read
 * both as another host); it holds no backslash, no control character and no whitespace, and it names no address
 * under /api (the sign-in page returns to pages, not to calls).
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_TO_MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://register.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://register.invalid') return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/api?')) return null;
  return path;
}

/** The sign-in page's address, with `returnTo` when there is a safe one. */
export function signInPageHref(returnTo?: string | null): string {
  const safe = safeReturnTo(returnTo);
  return safe ? `${SIGN_IN_PAGE_PATH}?${RETURN_TO_PARAM}=${encodeURIComponent(safe)}` : SIGN_IN_PAGE_PATH;
}

/** The gateway's login redirect for the page at `returnTo` (what admin pages send a visitor to). */
export function loginRedirectHref(returnTo?: string | null): string {
  const safe = safeReturnTo(returnTo);
  return safe ? `${LOGIN_REDIRECT_PATH}?${RETURN_TO_PARAM}=${encodeURIComponent(safe)}` : LOGIN_REDIRECT_PATH;
}
