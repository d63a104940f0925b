/** Where a postcode, an outward code or a place is: its centre. */
export type PostcodePoint = { latitude: number; longitude: number };

/** A place found by its name (a town, a village, a district). */
export type NamedPoint = PostcodePoint & { name: string };

/** The postcode nearest a position, with the areas it lies in as the provider names them (any may be missing). */
export type NearestPostcode = PostcodePoint & { postcode: string; adminDistrict: string | null; parish: string | null; region: string | null };

/**
 * The provider could not answer: it timed out, could not be reached, answered an error status or an unreadable body.
 * "Not found" is never this: a lookup answers null (or leaves the postcode out of a bulk answer) for that, so a caller
 * can tell "no such postcode" from "ask someone else" (each context falls back to the register's own gazetteer).
 */
export class PostcodeProviderUnavailable extends Error {
  override readonly name = 'PostcodeProviderUnavailable';

  constructor(
    message: string,
    /** The HTTP status the provider answered, when it answered at all. */
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Port: the UK postcode directory every context asks (geo-search's place search, imports' locating of rows, kits'
 * addresses for positions). One adapter speaks postcodes.io (`PostcodesIoClient`); each context binds it to its own
 * port, so its offline default (the register's gazetteer) stays the context's. Every method throws
 * PostcodeProviderUnavailable when the provider cannot answer.
 */
export abstract class PostcodeLookup {
  abstract readonly name: string;
  /** A full postcode's centre; null when the provider does not know it (or knows it without coordinates). */
  abstract postcode(postcode: string): Promise<PostcodePoint | null>;
  /** An outward code's centre ('M33'); null when unknown. */
  abstract outcode(outcode: string): Promise<PostcodePoint | null>;
  /** The best match for a place name; null when nothing matches. */
  abstract place(name: string): Promise<NamedPoint | null>;
  /** Many full postcodes at once, keyed by the normalised postcode: a postcode missing from the map was not found. */
  abstract postcodes(postcodes: readonly string[]): Promise<Map<string, PostcodePoint>>;
  /** The postcode nearest a position; null when none is near enough for the provider to name one. */
  abstract nearest(latitude: number, longitude: number): Promise<NearestPostcode | null>;
}
