import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ManufacturerMessages, OTHER_MAKE, normaliseManufacturerName, type ManufacturerRow } from '@bleedkits/contracts';
import { useState, type FormEvent } from 'react';
import { serverMessageOr } from '@/api/api';
import { useToast } from '@/components/toasts/use-toast';
import { useAddManufacturerMutation, useManufacturersQuery, useRemoveManufacturerMutation, useRenameManufacturerMutation } from '../api';
import { QueryState } from './query-state';

/** Names display with underscores replaced by spaces. */
const display = (row: ManufacturerRow) => (row.label || row.value).replace(/_/g, ' ');

export function ManufacturersTab() {
  const list = useManufacturersQuery();
  const [name, setName] = useState('');
  const [addManufacturer, { isLoading: adding }] = useAddManufacturerMutation();
  const toast = useToast();
  const rows = list.data ?? [];
  const key = normaliseManufacturerName(name);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!key) {
      toast({ title: 'Error', description: ManufacturerMessages.nameRequired, variant: 'destructive' });
      return;
    }
    if (rows.some((r) => r.value === key)) {
      toast({ title: 'Error', description: ManufacturerMessages.duplicate, variant: 'destructive' });
      return;
    }
    try {
      const row = await addManufacturer(name).unwrap();
      toast({ title: 'Manufacturer added', description: `${display(row)} is now available in the kit forms.` });
      setName('');
    } catch (error) {
      toast({ title: 'Error', description: serverMessageOr(error, 'Failed to add the manufacturer. Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Add Manufacturer
          </Typography>
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            onSubmit={add}
            noValidate
            aria-label="Add manufacturer"
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              label="Manufacturer name"
              size="small"
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={adding}
              helperText={key ? `Saved as: ${key}` : 'Letters, digits and spaces; stored in lower case with underscores.'}
              sx={{ minWidth: { sm: 320 } }}
            />
            <Button type="submit" variant="contained" startIcon={<Add />} disabled={name.trim() === '' || adding}>
              Add Manufacturer
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Alert severity="info" role="note">
        Changes to this list appear in the kit registration and edit forms. Kits that already use a removed manufacturer keep it.
      </Alert>
      <QueryState isLoading={list.isLoading} isError={list.isError} what="manufacturers">
        <Card>
          <List aria-label="Manufacturers">
            {rows.map((row) => (
              <ManufacturerItem key={row.value} row={row} />
            ))}
          </List>
        </Card>
      </QueryState>
    </Stack>
  );
}

function ManufacturerItem({ row }: { row: ManufacturerRow }) {
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(display(row));
  const [rename, { isLoading: renaming }] = useRenameManufacturerMutation();
  const [remove, { isLoading: removing }] = useRemoveManufacturerMutation();
  const toast = useToast();
  const isOther = row.value === OTHER_MAKE;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!label.trim()) {
      toast({ title: 'Error', description: ManufacturerMessages.nameRequired, variant: 'destructive' });
      return;
    }
    try {
      await rename({ value: row.value, label: label.trim() }).unwrap();
      toast({ title: 'Manufacturer updated', description: `${row.value} is now shown as ${label.trim()}.` });
      setEditing(false);
    } catch (error) {
      toast({ title: 'Error', description: serverMessageOr(error, 'Failed to update the manufacturer. Please try again.'), variant: 'destructive' });
    }
  };

  const onRemove = async () => {
    if (
      !window.confirm(`Are you sure you want to remove "${display(row)}"? It will no longer be offered in the kit forms; kits that use it keep it.`)
    )
      return;
    try {
      const result = await remove(row.value).unwrap();
      toast({ title: 'Manufacturer removed', description: result.message });
    } catch (error) {
      toast({ title: 'Error', description: serverMessageOr(error, 'Failed to remove the manufacturer. Please try again.'), variant: 'destructive' });
    }
  };

  if (editing) {
    return (
      <ListItem divider>
        <Stack component="form" direction="row" spacing={1} onSubmit={save} noValidate sx={{ width: '100%' }} aria-label={`Rename ${display(row)}`}>
          <TextField
            size="small"
            label="Display name"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            disabled={renaming}
            sx={{ flexGrow: 1 }}
          />
          <Button type="submit" variant="contained" disabled={renaming}>
            Save
          </Button>
          <Button
            onClick={() => {
              setLabel(display(row));
              setEditing(false);
            }}
          >
            Cancel
          </Button>
        </Stack>
      </ListItem>
    );
  }

  return (
    <ListItem
      divider
      data-make={row.value}
      secondaryAction={
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setEditing(true)} aria-label={`Edit ${display(row)}`}>
            Edit
          </Button>
          {!isOther && (
            <Button size="small" color="error" onClick={() => void onRemove()} disabled={removing} aria-label={`Remove ${display(row)}`}>
              Remove
            </Button>
          )}
        </Stack>
      }
    >
      <ListItemText
        primary={display(row)}
        secondary={`${row.value} · ${row.kitCount} ${row.kitCount === 1 ? 'kit' : 'kits'}${isOther ? ' · fallback for unlisted manufacturers, cannot be removed' : ''}`}
      />
    </ListItem>
  );
}
