/** The OpenAPI name of the session cookie scheme (`bk.sid`); the feed's bearer scheme is FEED_SECURITY_SCHEME. */
export const SESSION_SECURITY_SCHEME = 'session';
