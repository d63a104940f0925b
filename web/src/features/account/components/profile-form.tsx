import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { firstErrors, profileRules, validateAgainst, type CurrentUser } from '@bleedkits/contracts';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { serverMessageOr } from '../../../app/api';
import { useToast } from '../../../components/toasts/use-toast';
import { useUpdateProfileMutation, type ProfileUpdate } from '../api';

type Field = keyof ProfileUpdate;

export function ProfileForm({ user }: { user: CurrentUser }) {
  const [values, setValues] = useState<ProfileUpdate>({ firstName: user.firstName, lastName: user.lastName, email: user.email });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [attempted, setAttempted] = useState(false);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const toast = useToast();

  const validate = (next: ProfileUpdate) => firstErrors(validateAgainst(profileRules, next));

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
      await updateProfile({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() }).unwrap();
      toast({ title: 'Profile Updated', description: 'Your profile has been updated successfully.' });
    } catch (error) {
      toast({ title: 'Update Failed', description: serverMessageOr(error, 'Failed to update profile. Please try again.'), variant: 'destructive' });
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
