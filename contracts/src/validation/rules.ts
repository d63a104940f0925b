/**
 * A rule table is the one place a form's rules live: the web form and the gateway's DTOs both run it,
 * so a message can never differ between browser and server.
 */
export type FieldRule = {
  readonly message: string;
  readonly test: (value: unknown, input: Readonly<Record<string, unknown>>) => boolean;
};
export type RuleTable<F extends string = string> = Readonly<Record<F, readonly FieldRule[]>>;
export type FieldErrors<F extends string = string> = Partial<Record<F, string[]>>;

export const asText = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

export const rule = {
  required: (message: string): FieldRule => ({ message, test: (v) => asText(v).trim().length > 0 }),
  minLength: (min: number, message: string): FieldRule => ({ message, test: (v) => asText(v).length >= min }),
  matches: (pattern: RegExp, message: string): FieldRule => ({ message, test: (v) => pattern.test(asText(v)) }),
  email: (message: string): FieldRule => ({ message, test: (v) => EMAIL_PATTERN.test(asText(v).trim()) }),
  equalsField: (other: string, message: string): FieldRule => ({ message, test: (v, all) => asText(v) === asText(all[other]) }),
} as const;

/** Deliberately simple: one @, no spaces, a dot in the domain. The mailbox is proven by sending to it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every failing rule of every field, in table order: the spec asks for all failures at once. */
export function validateAgainst<F extends string>(table: RuleTable<F>, input: Readonly<Record<string, unknown>>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(table) as F[]) {
    const failed = table[field].filter((r) => !r.test(input[field], input)).map((r) => r.message);
    if (failed.length > 0) errors[field] = failed;
  }
  return errors;
}

export function errorMessages(errors: FieldErrors): string[] {
  return Object.values(errors).flatMap((m) => m ?? []);
}

/** The first failure of each field: what a form shows under its input. */
export function firstErrors<F extends string>(errors: FieldErrors<F>): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const [field, messages] of Object.entries(errors) as [F, string[] | undefined][]) {
    if (messages?.length) out[field] = messages[0];
  }
  return out;
}
