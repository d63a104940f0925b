/** Upper case, single space before the three-character inward code ('sw1a1aa' → 'SW1A 1AA'). */
export function normalisePostcode(raw: string | null | undefined): string {
  const compact = (raw ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (compact.length >= 5 && /^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/.test(compact)) return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
  return (raw ?? '').toUpperCase().trim().replace(/\s+/g, ' ');
}

/** The outward code of a full or partial postcode ('SW1A 1AA' → 'SW1A', 'M1' → 'M1'). */
export function outwardCode(postcode: string | null | undefined): string {
  const p = normalisePostcode(postcode);
  if (p.includes(' ')) return p.split(' ')[0];
  const compact = p.replace(/\s/g, '');
  return compact.length >= 5 ? compact.slice(0, -3) : compact;
}

/** The letters of the postcode area ('SW1A' → 'SW'). */
export function postcodeArea(postcode: string | null | undefined): string {
  return /^[A-Z]+/.exec(outwardCode(postcode))?.[0] ?? '';
}

export const FULL_POSTCODE_PATTERN = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;
export const OUTWARD_CODE_PATTERN = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/i;
