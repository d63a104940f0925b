const MAX_DECODE_ROUNDS = 4;

/** Percent-decoding that never throws: malformed or partial UTF-8 sequences decode byte by byte. */
function decodeOnce(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

/**
 * The one spelling of a request path that every security decision is taken on (same-origin, admin-only, the
 * side-effecting GET): percent-decoded until stable (so %2561 is 'a' too), backslashes as slashes, repeated
 * slashes collapsed, dot segments resolved, lower case, no trailing slash. Any spelling a router, a proxy or a
 * browser might treat as the same resource has the same canonical path, so a rule cannot be walked around by
 * writing `/API/kit-status/` or `//api/%6Bit-status`. (The router itself is strict and case-sensitive, so those
 * spellings do not route at all: this is the second line.)
 */
export function canonicalPath(url: string): string {
  const end = url.search(/[?#]/);
  let path = end < 0 ? url : url.slice(0, end);
  // Absolute-form request targets (GET http://host/api/... HTTP/1.1) carry the path after the authority.
  if (!path.startsWith('/')) {
    try {
      path = new URL(path).pathname;
    } catch {
      path = `/${path}`;
    }
  }
  for (let i = 0; i < MAX_DECODE_ROUNDS; i++) {
    const decoded = decodeOnce(path);
    if (decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment.toLowerCase());
  }
  return `/${segments.join('/')}`;
}

/** Whether a canonical path is `prefix` itself or below it (`/api/admin` covers `/api/admin/users`). */
export function isUnder(canonical: string, prefix: string): boolean {
  return canonical === prefix || canonical.startsWith(`${prefix}/`);
}
