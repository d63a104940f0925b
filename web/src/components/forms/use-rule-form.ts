import { type FieldErrors, type RuleTable, firstErrors, validateAgainst } from '@bleedkits/contracts';
import { type ChangeEvent, type FormEvent, useState } from 'react';

export type RuleForm<F extends string> = {
  values: Record<F, string>;
  errors: Partial<Record<F, string>>;
  /** name, value, onChange, error and helperText for an MUI TextField (or PasswordField). */
  fieldProps(field: F): {
    name: F;
    value: string;
    onChange: (e: ChangeEvent<HTMLInputElement>) => void;
    error: boolean;
    helperText: string | undefined;
  };
  /** Validates every field at once; calls onValid only when all pass. */
  onSubmit(onValid: (values: Record<F, string>) => Promise<void> | void): (e: FormEvent) => void;
  /** Shows a message the server gave for a field (e.g. an e-mail already registered). */
  setError(field: F, message: string): void;
  reset(): void;
};

/**
 * A form checked against a contracts rule table: each field shows its first failing message after the first
 * submit, and the messages then follow the typing so a fixed field clears at once.
 */
export function useRuleForm<F extends string>(rules: RuleTable<string>, initial: Record<F, string>): RuleForm<F> {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [attempted, setAttempted] = useState(false);
  const validate = (next: Record<F, string>) => firstErrors(validateAgainst(rules, next) as FieldErrors<F>);

  return {
    values,
    errors,
    fieldProps: (field) => ({
      name: field,
      value: values[field],
      onChange: (e) => {
        const next = { ...values, [field]: e.target.value };
        setValues(next);
        if (attempted) setErrors(validate(next));
      },
      error: errors[field] !== undefined,
      helperText: errors[field],
    }),
    onSubmit: (onValid) => (e) => {
      e.preventDefault();
      setAttempted(true);
      const found = validate(values);
      setErrors(found);
      if (Object.keys(found).length === 0) void onValid(values);
    },
    setError: (field, message) => setErrors((current) => ({ ...current, [field]: message })),
    reset: () => {
      setValues(initial);
      setErrors({});
      setAttempted(false);
    },
  };
}
