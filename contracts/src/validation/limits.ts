/**
 * Upper bounds of the text a client may send, in UTF-16 code units. The rule tables, the DTO classes and the
 * services all read these numbers, so a value the browser accepts is never refused further in, and no field can
 * carry a payload (95 KB names once broke the 1 MB NATS answers of the admin lists).
 */
export const TEXT_LIMITS = {
  /** A person's first, last or custodian name; a kit's location name; a manufacturer's name. */
  name: 100,
  /** RFC 5321's limit for a forward path. */
  email: 254,
  /** Address lines. */
  address: 200,
  /** City or town. */
  city: 100,
  postcode: 16,
  phone: 32,
  /** Free notes: deployment notes, detailed location. */
  notes: 2000,
  cabinetCode: 64,
  serialNumber: 100,
  what3words: 100,
  openingHours: 500,
  /** The availability object as JSON text. */
  availabilityJson: 5000,
  /** An enum-like value (make key, ambulance service, status). */
  code: 64,
  /** Long enough for any passphrase; argon2 cost does not depend on it, but the body size does. */
  password: 256,
  /** A password-reset token (43 base64url characters today). */
  token: 256,
  /** A kit id as text: digits, optionally after 'BCK-'. */
  kitId: 20,
  /** A date as YYYY-MM-DD. */
  date: 10,
} as const;

/** Dates a kit can carry: a purchase or expiry outside these years is a typing mistake, or year 0000. */
export const DATE_BOUNDS = { minYear: 1900, maxYear: 2199 } as const;

/** `<label> must be at most <n> characters`: the one wording of a length error. */
export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}

/** `<label> must be text`: a JSON array, object, number or boolean where a string belongs. */
export function notTextMessage(label: string): string {
  return `${label} must be text`;
}

/** `<label> must be on one line`: a line break or another control character in a one-line field. */
export function notSingleLineMessage(label: string): string {
  return `${label} must be on one line`;
}
