import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { profileRules, type CurrentUser } from '@bleedkits/contracts';
import { serverMessageOr } from '@/api/api';
import { useRuleForm } from '@/components/forms/use-rule-form';
import { useToast } from '@/components/toasts/use-toast';
import { useUpdateProfileMutation, type ProfileUpdate } from '../api';

type Field = keyof ProfileUpdate;

export function ProfileForm({ user }: { user: CurrentUser }) {
  const form = useRuleForm<Field>(profileRules, { firstName: user.firstName, lastName: user.lastName, email: user.email });
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const toast = useToast();

  const submit = form.onSubmit(async (values) => {
    try {
      await updateProfile({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() }).unwrap();
      toast({ title: 'Profile Updated', description: 'Your profile has been updated successfully.' });
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
      <div>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </Stack>
  );
}
