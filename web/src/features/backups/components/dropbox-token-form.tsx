import CloudUpload from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { BackupMessages, DROPBOX_TOKEN_MAX_LENGTH, dropboxTokenRules, errorMessages, validateAgainst } from '@bleedkits/contracts';
import { useState, type FormEvent } from 'react';
import { serverMessageOr } from '@/api/api';
import { useBackupsDropboxSetupMutation } from '../api';
import { BACKUP_TEXTS as T } from './backup-texts';

/** Spec §4: the token form is idle, loading, success or error. */
export type TokenFormState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'success'; message: string } | { kind: 'error'; messages: string[] };

/**
 * The Dropbox token form (on both tabs). The spec's rules run here first, from contracts, so a bad token never
 * leaves the browser; the server checks the token with Dropbox before it answers success.
 */
export function DropboxTokenForm({ connected }: { connected: boolean | undefined }) {
  const [token, setToken] = useState('');
  const [state, setState] = useState<TokenFormState>({ kind: 'idle' });
  const [configure] = useBackupsDropboxSetupMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = errorMessages(validateAgainst(dropboxTokenRules, { token }));
    if (problems.length > 0) {
      setState({ kind: 'error', messages: problems });
      return;
    }
    setState({ kind: 'loading' });
    try {
      const res = await configure({ token: token.trim() }).unwrap();
      setToken('');
      setState({ kind: 'success', message: res.message || BackupMessages.dropboxConfigured });
    } catch (error) {
      setState({ kind: 'error', messages: [serverMessageOr(error, BackupMessages.dropboxFailed)] });
    }
  };

  const loading = state.kind === 'loading';
  return (
    <Stack component="form" noValidate aria-label="Dropbox token form" onSubmit={(e) => void onSubmit(e)} spacing={2}>
      {connected && state.kind !== 'success' && <Alert severity="info">Dropbox is connected. Saving a new token replaces the current one.</Alert>}
      <TextField
        label={T.tokenLabel}
        type="password"
        autoComplete="off"
        fullWidth
        value={token}
        disabled={loading}
        onChange={(e) => {
          setToken(e.target.value);
          if (state.kind === 'error' || state.kind === 'success') setState({ kind: 'idle' });
        }}
        error={state.kind === 'error'}
        helperText="Paste the access token generated for your Dropbox app. It is checked with Dropbox and stored encrypted."
        slotProps={{ htmlInput: { maxLength: DROPBOX_TOKEN_MAX_LENGTH, spellCheck: false } }}
      />
      <div aria-live="polite">
        {state.kind === 'success' && <Alert severity="success">{state.message}</Alert>}
        {state.kind === 'error' && (
          <Alert severity="error">
            {state.messages.map((m) => (
              <div key={m}>{m}</div>
            ))}
          </Alert>
        )}
      </div>
      <Button
        type="submit"
        variant="contained"
        startIcon={loading ? <CircularProgress size={18} color="inherit" /> : <CloudUpload />}
        disabled={loading}
        sx={{ alignSelf: 'flex-start' }}
      >
        {loading ? T.configuring : T.configure}
      </Button>
    </Stack>
  );
}
