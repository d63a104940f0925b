import { registerDecorator, type ValidationArguments } from 'class-validator';
import type { FieldRule } from '../validation/rules';

/**
 * Binds a DTO property to a rule list from the pure contracts, one class-validator constraint per rule,
 * so the server reports every failed message at once and words them exactly as the web form does.
 */
export function Satisfies(rules: readonly FieldRule[]): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    rules.forEach((r, index) =>
      registerDecorator({
        name: `satisfies_${String(propertyName)}_${index}`,
        target: target.constructor,
        propertyName: String(propertyName),
        options: { message: r.messageFor ? (args: ValidationArguments) => r.messageFor!(args.value) : r.message },
        validator: {
          validate: (value: unknown, args: ValidationArguments) => r.test(value, args.object as Record<string, unknown>),
        },
      }),
    );
  };
}
