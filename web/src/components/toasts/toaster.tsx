import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { SITE } from '@/config/site';
import { useSwipeToDismiss } from './use-swipe-to-dismiss';
import { dismissToast, useToasts } from './use-toast';

/**
 * Shows the current toast. Mounted once, in the layout. The timing lives in the toast store so a toast
 * raised just before navigation survives the page change. F8 moves focus to it (the spec's hotkey); a swipe to the
 * right of SITE.toastSwipeThresholdPx dismisses it.
 */
export function Toaster() {
  const toasts = useToasts();
  const current = toasts[0];
  // Keep the last toast rendered while the Snackbar fades out.
  const [last, setLast] = useState(current);
  if (current && current !== last) setLast(current);
  const toast = current ?? last;
  const swipe = useSwipeToDismiss(() => {
    if (toast) dismissToast(toast.id);
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') document.querySelector<HTMLElement>('[data-toast]')?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Snackbar
      open={current !== undefined}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      // The store's timer closes the toast; a Snackbar timer would race it.
      autoHideDuration={null}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway' && toast) dismissToast(toast.id);
      }}
    >
      {toast ? (
        <Alert
          key={toast.id}
          data-toast=""
          tabIndex={-1}
          severity={toast.variant === 'destructive' ? 'error' : 'success'}
          variant="filled"
          role={toast.variant === 'destructive' ? 'alert' : 'status'}
          onClose={() => dismissToast(toast.id)}
          {...swipe.handlers}
          // Moved by `left`, not `transform`: the Snackbar's grow transition owns the toast's transform.
          style={swipe.offset ? { left: swipe.offset, opacity: Math.max(0.3, 1 - swipe.offset / (SITE.toastSwipeThresholdPx * 3)) } : undefined}
          // Vertical scrolling stays the browser's; a horizontal drag reaches the swipe handlers.
          sx={{ minWidth: 280, maxWidth: 420, position: 'relative', touchAction: 'pan-y' }}
        >
          <AlertTitle sx={{ mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>
          {toast.description}
        </Alert>
      ) : (
        <span />
      )}
    </Snackbar>
  );
}
