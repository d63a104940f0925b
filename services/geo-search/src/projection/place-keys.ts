import { FULL_POSTCODE_PATTERN, OUTWARD_CODE_PATTERN, normalisePostcode, outwardCode } from '@bleedkits/contracts';

export const townKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[,.]/g, ' ')
    .replace(/\b(uk|united kingdom|england|scotland|wales|northern ireland)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Where a kit can be found by name: its full postcode and outward code (normalised; null when not valid) and its
 * town. Worked out once, when the kit's change is applied, so the gazetteer only adds and removes kits.
 */
export type PlaceKeys = { readonly postcode: string | null; readonly outward: string | null; readonly town: TownName | null };
export type TownName = { readonly key: string; readonly label: string };

/** Outward codes and towns repeat across thousands of kits: one shared value each (bounded, in case of junk). */
const outwardCodes = new Map<string, string>();
const townNames = new Map<string, TownName | null>();
const SHARED_LIMIT = 200_000;

export function placeKeysOf(postcodeText: string, cityText: string): PlaceKeys {
  const postcode = normalisePostcode(postcodeText);
  const outward = outwardCode(postcode);
  return {
    postcode: FULL_POSTCODE_PATTERN.test(postcode) ? postcode : null,
    outward: OUTWARD_CODE_PATTERN.test(outward) ? sharedOutwardCode(outward) : null,
    town: townNameOf(cityText),
  };
}

/** The one shared value of a (valid, normalised) outward code. */
export function sharedOutwardCode(outward: string): string {
  const shared = outwardCodes.get(outward);
  if (shared) return shared;
  if (outwardCodes.size < SHARED_LIMIT) outwardCodes.set(outward, outward);
  return outward;
}

/** The one shared town name of a kit's city text; null when it names no town. */
export function townNameOf(cityText: string): TownName | null {
  let town = townNames.get(cityText);
  if (town === undefined) {
    const label = cityText.trim();
    const key = townKey(label);
    town = key ? { key, label } : null;
    if (townNames.size < SHARED_LIMIT) townNames.set(cityText, town);
  }
  return town;
}
