import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FeedClientView } from '@bleedkits/contracts';
import { FeedPushPanel } from './feed-push-panel';

/** How often the open dialog asks for the subscription's status and the delivery log again. */
export const FEED_PUSH_POLL_MS = 5000;

/**
 * A feed client's push delivery, over the ambulance feed card: opened from the client's row, closed with Close or
 * Escape (focus goes back to the row's button). Nearly the whole screen on a phone.
 */
export function FeedPushDialog({ client, onClose }: { client: Pick<FeedClientView, 'id' | 'label'>; onClose: () => void }) {
  const titleId = `feed-push-dialog-title-${client.id}`;
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{
        paper: { sx: { m: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' }, maxHeight: { xs: 'calc(100% - 16px)' } } },
      }}
    >
      <DialogTitle id={titleId}>Push delivery: {client.label}</DialogTitle>
      <DialogContent dividers>
        <FeedPushPanel client={client} pollingInterval={FEED_PUSH_POLL_MS} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
