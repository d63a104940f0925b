import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { firstErrors, passwordChangeRules, validateAgainst } from '@bleedkits/contracts';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { serverMessageOr } from '../../../app/api';
import { PasswordField } from '../../../components/password-field';
import { useToast } from '../../../components/toasts/use-toast';
import { useChangePasswordMutation } from '../api';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Values = Record<Field, string>;

const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [attempted, setAttempted] = useState(false);
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const toast = useToast();

  const validate = (next: Values) => firstErrors(validateAgainst(passwordChangeRules, next));

  const change = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (attempted) setErrors(validate(next));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }).unwrap();
      toast({ title: 'Password Changed' });
      setValues(EMPTY);
      setErrors({});
      setAttempted(false);
    } catch (error) {
      toast({
        title: 'Password Change Failed',
        description: serverMessageOr(error, 'Failed to change password. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: change(field),
    error: errors[field] !== undefined,
    helperText: errors[field],
    disabled: isLoading,
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label="Change password">
      <PasswordField label="Current Password" autoComplete="current-password" {...fieldProps('currentPassword')} />
      <PasswordField label="New Password" autoComplete="new-password" {...fieldProps('newPassword')} />
      <PasswordField label="Confirm New Password" autoComplete="new-password" {...fieldProps('confirmPassword')} />
      <div>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? 'Changing...' : 'Change Password'}
        </Button>
      </div>
    </Stack>
  );
}
