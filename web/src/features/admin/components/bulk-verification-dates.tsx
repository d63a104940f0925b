import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  type BulkUpdateVerificationDatesResponse,
  VERIFICATION_INTERVAL_MONTHS,
  addCalendarMonths,
  bulkVerificationDateRules,
  formatDateGb,
  londonToday,
} from '@bleedkits/contracts';
import { useState } from 'react';
import { api, serverMessageOr } from '@/api/api';
import { KIT_CHANGED_TAGS } from '@/api/cache-tags';
import { useToast } from '@/components/toasts/use-toast';

const bulkVerificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminBulkUpdateVerificationDates: build.mutation<BulkUpdateVerificationDatesResponse, { dueDate: string }>({
      query: (body) => ({ url: '/api/admin/bulk-update-verification-dates', method: 'POST', body }),
      invalidatesTags: KIT_CHANGED_TAGS,
    }),
  }),
});

/**
 * Admin Tools' bulk verification date update: every active kit is next due on the date chosen. The spec's button
 * sent a fixed date in December 2025; here the admin picks it (six months on by default) and confirms, since a
 * past date makes every kit overdue at once (docs/decisions.md).
 */
export function BulkVerificationDatesButton() {
  const [open, setOpen] = useState(false);
  const [dueDate, setDueDate] = useState(() => addCalendarMonths(londonToday(), VERIFICATION_INTERVAL_MONTHS));
  const [update, { isLoading }] = bulkVerificationApi.useAdminBulkUpdateVerificationDatesMutation();
  const toast = useToast();
  const error = bulkVerificationDateRules.dueDate.find((r) => !r.test(dueDate, { dueDate }))?.message;

  const submit = async () => {
    setOpen(false);
    try {
      const res = await update({ dueDate }).unwrap();
      toast({
        title: 'Verification dates updated',
        description: `${res.updatedCount} active kits are now due for verification on ${formatDateGb(dueDate)}.`,
      });
    } catch (e) {
      toast({
        title: 'Update failed',
        description: serverMessageOr(e, 'Unable to update verification dates. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} disabled={isLoading}>
        {isLoading ? 'Updating...' : 'Bulk Update Verification Dates'}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="bulk-verification-title">
        <DialogTitle id="bulk-verification-title">Bulk Update Verification Dates</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>Every active kit will be next due for verification on this date.</DialogContentText>
          <TextField
            label="Next verification due"
            type="date"
            value={dueDate}
            onChange={(e) => setDueDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={!!error}
            helperText={error}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={!!error}>
            Update All Active Kits
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
