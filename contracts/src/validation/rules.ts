import { notSingleLineMessage, notTextMessage, tooLongMessage } from './limits';

/**
 * A rule table is the one place a form's rules live: the web form and the gateway's DTOs both run it,
 * so a message can never differ between browser and server.
 */
export type FieldRule = {
  readonly message: string;
  readonly test: (value: unknown, input: Readonly<Record<string, unknown>>) => boolean;
  /** A failure's own wording when one message cannot say what is wrong (e.g. which day of a schedule); else `message`. */
  readonly messageFor?: (value: unknown) => string;
};
export type RuleTable<F extends string = string> = Readonly<Record<F, readonly FieldRule[]>>;
export type FieldErrors<F extends string = string> = Partial<Record<F, string[]>>;

/**
 * The text of a field, for the rules below. Only a string is text: an array, object, number or boolean reads as
 * empty, so `["Str0ng!Pass"]` can never pass a text rule by being stringified (`rule.text` names the mistake).
 */
export const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** C0 control characters and DEL: never part of a name, an address or any one-line field. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export const rule = {
  required: (message: string): FieldRule => ({ message, test: (v) => asText(v).trim().length > 0 }),
  minLength: (min: number, message: string): FieldRule => ({ message, test: (v) => asText(v).length >= min }),
  /** Counts UTF-16 code units, as the browser's maxlength and class-validator do. */
  maxLength: (max: number, message: string): FieldRule => ({ message, test: (v) => asText(v).length <= max }),
  matches: (pattern: RegExp, message: string): FieldRule => ({ message, test: (v) => pattern.test(asText(v)) }),
  email: (message: string): FieldRule => ({ message, test: (v) => EMAIL_PATTERN.test(asText(v).trim()) }),
  equalsField: (other: string, message: string): FieldRule => ({ message, test: (v, all) => asText(v) === asText(all[other]) }),
  /** A present value must be a string (absent and null are left to `required`). */
  text: (message: string): FieldRule => ({ message, test: (v) => v === undefined || v === null || typeof v === 'string' }),
  /** No line breaks, tabs, NUL or other control characters (names end up in e-mail headers and CSV cells). */
  singleLine: (message: string): FieldRule => ({ message, test: (v) => !CONTROL_CHARACTER.test(asText(v)) }),
  /** No NUL character: Postgres text cannot hold one, and no form can type one. */
  withoutNul: (message: string): FieldRule => ({ message, test: (v) => !asText(v).includes('\u0000') }),
} as const;

/** A text field's type and length rules (and, for one-line fields, no control characters), in the shared wording. */
export function boundedText(label: string, max: number, options: { singleLine?: boolean } = {}): FieldRule[] {
  return [
    rule.text(notTextMessage(label)),
    rule.maxLength(max, tooLongMessage(label, max)),
    ...(options.singleLine ? [rule.singleLine(notSingleLineMessage(label))] : []),
  ];
}

/** Deliberately simple: one @, no spaces, a dot in the domain. The mailbox is proven by sending to it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every failing rule of every field, in table order: the spec asks for all failures at once. */
export function validateAgainst<F extends string>(table: RuleTable<F>, input: Readonly<Record<string, unknown>>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(table) as F[]) {
    const failed = table[field].filter((r) => !r.test(input[field], input)).map((r) => r.messageFor?.(input[field]) ?? r.message);
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
