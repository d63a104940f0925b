import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useToast } from '@/components/toasts/use-toast';

/**
 * A push subscription's signing secret, shown this once (when the subscription is created or the secret rotated):
 * the server's message says to copy it now; Done hides it for good.
 */
export function NewSecret({ secret, message, onDone }: { secret: string; message: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      toast({ title: 'Copy failed', description: 'Select the secret and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ '& .MuiAlert-message': { minWidth: 0, width: '100%' } }}
      action={
        <Button color="inherit" size="small" onClick={onDone}>
          Done
        </Button>
      }
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {message}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box component="code" data-testid="feed-push-secret" sx={{ wordBreak: 'break-all', fontSize: '0.85rem' }}>
          {secret}
        </Box>
        <Button size="small" variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
      </Stack>
    </Alert>
  );
}
