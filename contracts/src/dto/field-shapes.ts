import { registerDecorator } from 'class-validator';
import { boundedText } from '../validation/rules';
import { Satisfies } from './satisfies';

/**
 * A text property of a DTO: a string (when present) of at most `max` characters; one-line fields also refuse
 * line breaks and control characters. Required-ness stays with the rule tables or @IsDefined.
 */
export function BoundedText(label: string, max: number, options: { singleLine?: boolean } = {}): PropertyDecorator {
  return Satisfies(boundedText(label, max, options));
}

export const KIT_ID_MESSAGE = 'Kit id must be a positive whole number';
const KIT_ID_TEXT = /^(BCK-)?[0-9]{1,15}$/i;

/** A kit id as the browser sends it: a positive integer, or its digits as text (optionally 'BCK-…'). */
export function isKitIdValue(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0;
  return typeof value === 'string' && KIT_ID_TEXT.test(value);
}

/** A kit id when present (absence is @IsDefined's message, which the spec words per route). */
export function KitIdValue(message: string = KIT_ID_MESSAGE): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'kitIdValue',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message },
      validator: { validate: (value: unknown) => value === undefined || value === null || isKitIdValue(value) },
    });
}
