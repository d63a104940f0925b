import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EmailChangeMessages, normaliseEmail, profileRules, type CurrentUser, type RuleTable } from '@bleedkits/contracts';
import { serverMessageOr } from '@/api/api';
import { useRuleForm } from '@/components/forms/use-rule-form';
import { PasswordField } from '@/components/password-field';
import { useToast } from '@/components/toasts/use-toast';
import { useUpdateProfileMutation } from '../api';

type Field = 'firstName' | 'lastName' | 'email' | 'currentPassword';

/**
 * Names change at once. A new e-mail asks for the current password and changes only when the link sent to the
 * new address is opened: the page is told (it says to check that inbox and shows the current address again).
 */
export function ProfileForm({ user, onEmailChangePending }: { user: CurrentUser; onEmailChangePending: (message: string) => void }) {
  const emailChanges = (email: unknown) => normaliseEmail(String(email ?? '')) !== normaliseEmail(user.email);
  const rules: RuleTable<Field> = {
    ...profileRules,
    currentPassword: [{ message: EmailChangeMessages.passwordRequired, test: (v, values) => !emailChanges(values.email) || v !== '' }],
  };
  const form = useRuleForm<Field>(rules, { firstName: user.firstName, lastName: user.lastName, email: user.email, currentPassword: '' });
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const toast = useToast();
  const askingNewEmail = emailChanges(form.values.email);

  const submit = form.onSubmit(async (values) => {
    const email = values.email.trim();
    try {
      const answer = await updateProfile({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email,
        ...(emailChanges(email) ? { currentPassword: values.currentPassword } : {}),
      }).unwrap();
      toast({ title: 'Profile Updated', description: answer.message ?? 'Your profile has been updated successfully.' });
      if (answer.pendingEmail) onEmailChangePending(answer.message ?? EmailChangeMessages.pending(answer.pendingEmail));
    } catch (error) {
      toast({ title: 'Update Failed', description: serverMessageOr(error, 'Failed to update profile. Please try again.'), variant: 'destructive' });
    }
  });

  const fieldProps = (field: Field) => ({ ...form.fieldProps(field), disabled: isLoading });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label="Profile information">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="First Name" autoComplete="given-name" {...fieldProps('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" {...fieldProps('lastName')} />
      </Stack>
      <TextField label="Email" type="email" autoComplete="email" {...fieldProps('email')} />
      {askingNewEmail && (
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          {...fieldProps('currentPassword')}
          helperText={
            form.errors.currentPassword ??
            'To change your email address, enter your current password. We will send a confirmation link to the new address.'
          }
        />
      )}
      <div>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </Stack>
  );
}
