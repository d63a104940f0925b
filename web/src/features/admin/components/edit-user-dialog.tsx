import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { adminUserEditRules, firstErrors, validateAgainst, type AdminUserRow } from '@bleedkits/contracts';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useToast } from '@/components/toasts/use-toast';
import { useUpdateUserMutation, type AdminUserUpdate } from '../api';
import { userActionFailure } from '../lib/user-messages';

type Field = 'firstName' | 'lastName' | 'email';
type Values = Pick<AdminUserUpdate, Field>;

export function EditUserDialog({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const [values, setValues] = useState<Values>({ firstName: user.first_name, lastName: user.last_name, email: user.email });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [updateUser, { isLoading }] = useUpdateUserMutation();
  const toast = useToast();

  const change = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = { firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() };
    const found = firstErrors(validateAgainst(adminUserEditRules, trimmed));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await updateUser({ userId: user.id, ...trimmed }).unwrap();
      toast({ title: 'Success', description: result.message || 'User updated successfully.' });
      onClose();
    } catch (error) {
      toast({ ...userActionFailure(error, 'Error', 'Failed to update user'), variant: 'destructive' });
    }
  };

  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: change(field),
    error: errors[field] !== undefined,
    helperText: errors[field],
    disabled: isLoading,
    required: true,
    fullWidth: true,
  });

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="edit-user-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="edit-user-title">Edit User</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="First Name" autoComplete="off" {...fieldProps('firstName')} />
            <TextField label="Last Name" autoComplete="off" {...fieldProps('lastName')} />
            <TextField label="Email" type="email" autoComplete="off" {...fieldProps('email')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Saving...' : 'Save Changes'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
