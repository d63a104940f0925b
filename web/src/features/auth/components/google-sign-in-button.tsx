import Google from '@mui/icons-material/Google';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState, type MouseEvent } from 'react';
import { GOOGLE_SIGN_IN_PATH } from '../api';

export const GoogleSignInMessages = {
  notAvailable: 'Signing in with Google is not available at the moment. Please sign in with your email address and password.',
  unreachable: 'We could not reach the server. Please check your connection and try again.',
} as const;

/**
 * 'Continue with Google' is a full browser navigation through the server. The server is asked first (without
 * following its redirect to Google): when Google sign-in is not configured it answers 503, and the card says so
 * in words instead of the browser showing a bare JSON error page.
 */
export function GoogleSignInButton({ disabled }: { disabled: boolean }) {
  const [message, setMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const start = async (event: MouseEvent<HTMLAnchorElement>) => {
    // A click that opens a new tab or window keeps its own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setChecking(true);
    setMessage(null);
    try {
      const res = await fetch(new URL(GOOGLE_SIGN_IN_PATH, window.location.origin), {
        redirect: 'manual',
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
      if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400) || res.ok) {
        window.location.assign(GOOGLE_SIGN_IN_PATH);
        return;
      }
      setMessage(GoogleSignInMessages.notAvailable);
    } catch {
      setMessage(GoogleSignInMessages.unreachable);
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <Button
        component="a"
        href={GOOGLE_SIGN_IN_PATH}
        onClick={(e: MouseEvent<HTMLAnchorElement>) => void start(e)}
        variant="outlined"
        size="large"
        startIcon={<Google />}
        disabled={disabled || checking}
      >
        Continue with Google
      </Button>
      {message && (
        <Alert severity="info" role="status">
          {message}
        </Alert>
      )}
    </>
  );
}
