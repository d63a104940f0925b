import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Kit } from '@bleedkits/contracts';
import { useState } from 'react';
import { serverMessageOr } from '@/api/api';
import { useToast } from '@/components/toasts/use-toast';
import { useCustodianAssignableUsersQuery, useCustodianReassignKitMutation } from '../api';
import { OptionSelect } from '@/components/forms/option-select';

export const NO_USERS_FOUND = 'No users found';

/** Admins only: move a kit to another user. The user list loads only when asked for, and only while open. */
export function KitAssignmentSection({ kit, open }: { kit: Kit; open: boolean }) {
  const [requested, setRequested] = useState(false);
  const { data: users = [], isFetching, isError } = useCustodianAssignableUsersQuery(undefined, { skip: !open || !requested });
  const [userId, setUserId] = useState('');
  const [reassign, { isLoading }] = useCustodianReassignKitMutation();
  const toast = useToast();

  const submit = async () => {
    try {
      await reassign({ userId, kitId: kit.id }).unwrap();
      const chosen = users.find((u) => u.id === userId);
      toast({ title: 'Kit reassigned', description: chosen ? `The kit now belongs to ${chosen.email}.` : undefined });
    } catch (error) {
      toast({
        title: 'Error reassigning kit',
        description: serverMessageOr(error, 'Failed to reassign the kit. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-label="Assignment" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Assignment
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Currently assigned to {kit.userEmail ?? 'no user'}.
      </Typography>
      {!requested ? (
        <Button variant="outlined" onClick={() => setRequested(true)}>
          Load Users
        </Button>
      ) : isFetching ? (
        <Typography role="status">Loading users...</Typography>
      ) : isError || users.length === 0 ? (
        <Typography>{NO_USERS_FOUND}</Typography>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <OptionSelect
            label="Assign to user"
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            fullWidth
            options={[
              { value: '', label: 'Choose a user' },
              ...users.map((u) => ({ value: u.id, label: `${u.first_name} ${u.last_name} (${u.email})` })),
            ]}
          />
          <Button variant="contained" disabled={userId === '' || isLoading} onClick={() => void submit()} sx={{ flexShrink: 0 }}>
            {isLoading ? 'Reassigning...' : 'Reassign Kit'}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
