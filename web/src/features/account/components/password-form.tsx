import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { passwordChangeRules } from '@bleedkits/contracts';
import { serverMessageOr } from '@/api/api';
import { useRuleForm } from '@/components/forms/use-rule-form';
import { PasswordField } from '@/components/password-field';
import { useToast } from '@/components/toasts/use-toast';
import { useChangePasswordMutation } from '../api';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Values = Record<Field, string>;

const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const form = useRuleForm<Field>(passwordChangeRules, EMPTY);
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const toast = useToast();

  const submit = form.onSubmit(async (values) => {
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }).unwrap();
      toast({ title: 'Password Changed' });
      form.reset();
    } catch (error) {
      toast({
        title: 'Password Change Failed',
        description: serverMessageOr(error, 'Failed to change password. Please try again.'),
        variant: 'destructive',
      });
    }
  });

  const fieldProps = (field: Field) => ({ ...form.fieldProps(field), disabled: isLoading });

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
