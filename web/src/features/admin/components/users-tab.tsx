import Search from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateGb, type AdminUserRow } from '@bleedkits/contracts';
import { fullName, matchesUserSearch, roleToggleConfirmation } from '../lib/admin-console';
import { useMemo, useState } from 'react';
import { useToast } from '@/components/toasts/use-toast';
import { useAdminUsersQuery, useDeleteUserMutation, useResetUserPasswordMutation, useToggleUserRoleMutation } from '../api';
import { userActionFailure } from '../lib/user-messages';
import { EditUserDialog } from './edit-user-dialog';
import { QueryState } from './query-state';

export function UsersTab() {
  const users = useAdminUsersQuery();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const [toggleRole] = useToggleUserRoleMutation();
  const [resetPassword] = useResetUserPasswordMutation();
  const [deleteUser] = useDeleteUserMutation();
  const toast = useToast();

  const list = users.data ?? [];
  const shown = useMemo(() => list.filter((u) => matchesUserSearch(u, search)), [list, search]);

  const run = async (action: () => Promise<{ message?: string }>, fallback: string) => {
    try {
      const result = await action();
      toast({ title: 'Success', description: result.message ?? fallback });
    } catch (error) {
      toast({ ...userActionFailure(error, 'Action failed', 'Failed to perform action'), variant: 'destructive' });
    }
  };

  const onToggleRole = (u: AdminUserRow) => {
    if (!window.confirm(roleToggleConfirmation(u))) return;
    void run(() => toggleRole({ userId: u.id, email: u.email }).unwrap(), `${fullName(u)}'s role has been changed.`);
  };

  const onResetPassword = (u: AdminUserRow) => {
    if (!window.confirm(`Send a password reset link to ${fullName(u)} (${u.email})?`)) return;
    void run(() => resetPassword(u.id).unwrap(), `A password reset link has been sent to ${u.email}.`);
  };

  const onDelete = (u: AdminUserRow) => {
    if (
      !window.confirm(
        `Are you sure you want to delete ${fullName(u)} (${u.email})? Their kits stay on the register, unassigned. This action cannot be undone.`,
      )
    )
      return;
    void run(() => deleteUser(u.id).unwrap(), `${fullName(u)} has been deleted.`);
  };

  return (
    <QueryState isLoading={users.isLoading} isError={users.isError} what="users">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <TextField
          label="Search users"
          placeholder="Name or email"
          size="small"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ minWidth: { sm: 320 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search />
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography variant="body2" color="text.secondary">
          {shown.length} of {list.length} users
        </Typography>
      </Stack>
      {list.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4 }}>
          No user data available
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Users">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Role</TableCell>
                <TableCell align="right">Kits</TableCell>
                <TableCell>Created</TableCell>
                <TableCell>Email Status</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={7}>No users match your search.</TableCell>
                </TableRow>
              ) : (
                shown.map((u) => (
                  <TableRow key={u.id} hover>
                    <TableCell>{fullName(u)}</TableCell>
                    <TableCell>{u.email}</TableCell>
                    <TableCell>
                      <Chip size="small" label={u.role === 'admin' ? 'Admin' : 'User'} color={u.role === 'admin' ? 'primary' : 'default'} />
                    </TableCell>
                    <TableCell align="right">{u.kit_count}</TableCell>
                    <TableCell>{formatDateGb(u.created_at)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        label={u.email_verified ? 'Verified' : 'Unverified'}
                        color={u.email_verified ? 'success' : 'warning'}
                      />
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                        <Button size="small" onClick={() => setEditing(u)}>
                          Edit
                        </Button>
                        <Button size="small" onClick={() => onResetPassword(u)}>
                          Reset Password
                        </Button>
                        <Button size="small" onClick={() => onToggleRole(u)}>
                          Toggle Role
                        </Button>
                        {u.role !== 'admin' && (
                          <Button size="small" color="error" onClick={() => onDelete(u)}>
                            Delete
                          </Button>
                        )}
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
    </QueryState>
  );
}
