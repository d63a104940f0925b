import { createHmac, timingSafeEqual } from 'node:crypto';
import { CUSTODIAN_MAIL_MAX_KITS } from '@bleedkits/contracts';

/** Who a stop link speaks for: one custodian address and the kits the e-mail was about. */
export type StopLinkClaim = { address: string; kitIds: number[] };

const b64url = (b: Buffer) => b.toString('base64url');
const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`custodian-stop:${payload}`).digest();

/** The same address however it was typed: e-mail providers treat the address case-insensitively. */
export const custodianAddress = (address: string) => address.trim().toLowerCase();

/**
 * A stop token: the claim and an HMAC-SHA256 over it with CUSTODIAN_STOP_LINK_SECRET. Nothing is stored, so a token
 * needs no clean-up and the same e-mail always carries the same link; only the holder of the secret can make one.
 */
export function signStopToken(secret: string, claim: StopLinkClaim): string {
  const kits = [...new Set(claim.kitIds)].sort((a, b) => a - b);
  const payload = b64url(Buffer.from(JSON.stringify({ a: custodianAddress(claim.address), k: kits })));
  return `${payload}.${b64url(mac(secret, payload))}`;
}

/** The claim of a token this register signed, or null for anything else (altered, truncated, foreign, junk). */
export function readStopToken(secret: string, token: unknown): StopLinkClaim | null {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, payload, signature] = match;
  // Compared as text: decoding would ignore the last character's spare bits, so two spellings would pass.
  const given = Buffer.from(signature);
  const expected = Buffer.from(b64url(mac(secret, payload)));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { a?: unknown; k?: unknown };
    const kits = claim.k;
    if (typeof claim.a !== 'string' || !Array.isArray(kits) || kits.length === 0 || kits.length > CUSTODIAN_MAIL_MAX_KITS) return null;
    if (!kits.every((k): k is number => Number.isSafeInteger(k) && (k as number) > 0)) return null;
    return { address: claim.a, kitIds: kits };
  } catch {
    return null;
  }
}
