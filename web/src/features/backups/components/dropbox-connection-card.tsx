import CloudDone from '@mui/icons-material/CloudDone';
import CloudOff from '@mui/icons-material/CloudOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DropboxConnectionMessages } from '@bleedkits/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { serverMessageOr } from '@/api/api';
import { pageNavigation } from '@/components/page-navigation';
import { useBackupsDropboxConnectMutation, useBackupsDropboxConnectionQuery, useBackupsDropboxDisconnectMutation } from '../api';
import { formatDateTime } from '../lib/format';

/** Where the server sends the admin back after Dropbox: `?dropbox=connected`, or `?dropbox=failed&reason=...`. */
function useReturnFromDropbox(): { kind: 'connected' } | { kind: 'failed'; reason: string } | null {
  const [params] = useSearchParams();
  const outcome = params.get('dropbox');
  if (outcome === 'connected') return { kind: 'connected' };
  if (outcome === 'failed') return { kind: 'failed', reason: params.get('reason') || DropboxConnectionMessages.unreachable };
  return null;
}

/**
 * The Dropbox connection on /admin/backups: "Connect Dropbox" (the server's OAuth request, then Dropbox's own page),
 * the account the copies go to, the last copy and the last error, a warning for a pasted token that may expire, and
 * "Disconnect", which revokes the token with Dropbox.
 */
export function DropboxConnectionCard() {
  const connection = useBackupsDropboxConnectionQuery(undefined, { refetchOnMountOrArgChange: true });
  const [connect, connecting] = useBackupsDropboxConnectMutation();
  const [disconnect, disconnecting] = useBackupsDropboxDisconnectMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const returned = useReturnFromDropbox();

  const onConnect = async () => {
    setProblem(null);
    try {
      const { authorizeUrl } = await connect().unwrap();
      pageNavigation.replace(authorizeUrl);
    } catch (error) {
      setProblem(serverMessageOr(error, DropboxConnectionMessages.unreachable));
    }
  };
  const onDisconnect = async () => {
    setProblem(null);
    try {
      setNotice((await disconnect().unwrap()).message);
    } catch (error) {
      setProblem(serverMessageOr(error, DropboxConnectionMessages.unreachable));
    }
  };

  const c = connection.data;
  if (connection.isLoading) return <CircularProgress size={24} aria-label="Loading the Dropbox connection" />;
  if (!c) return <Alert severity="error">The Dropbox connection could not be read. Please try again later.</Alert>;
  const account = c.accountName || c.accountEmail ? [c.accountName, c.accountEmail && `(${c.accountEmail})`].filter(Boolean).join(' ') : null;
  const busy = connecting.isLoading || disconnecting.isLoading;

  return (
    <Stack spacing={2} component="section" aria-label="Dropbox connection">
      <div aria-live="polite">
        {returned?.kind === 'connected' && !notice && c.mode === 'connected' && !c.broken && (
          <Alert severity="success">{DropboxConnectionMessages.connected}</Alert>
        )}
        {returned?.kind === 'failed' && !notice && <Alert severity="error">{returned.reason}</Alert>}
        {notice && <Alert severity="success">{notice}</Alert>}
        {problem && <Alert severity="error">{problem}</Alert>}
      </div>

      {c.mode === 'none' ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CloudOff color="disabled" />
          <Typography>Dropbox is not connected: backups stay on this server only.</Typography>
        </Stack>
      ) : (
        <Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <CloudDone color={c.broken ? 'disabled' : 'success'} />
            <Typography>
              {c.mode === 'connected' ? 'Connected to Dropbox' : 'Using a pasted Dropbox access token'}
              {account ? ` as ${account}` : ''}
            </Typography>
          </Stack>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              Last copy in Dropbox
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {c.lastCopyAt ? formatDateTime(c.lastCopyAt) : 'None yet'}
            </Typography>
            <Typography component="dt" variant="body2" color="text.secondary">
              Last error
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {c.lastError ? `${formatDateTime(c.lastErrorAt)}: ${c.lastError}` : 'None'}
            </Typography>
          </Box>
        </Box>
      )}

      {c.broken && <Alert severity="error">{DropboxConnectionMessages.broken}</Alert>}
      {c.mode === 'legacy_token' && !c.broken && <Alert severity="warning">{DropboxConnectionMessages.legacyMayExpire}</Alert>}
      {!c.connectAvailable && c.mode !== 'connected' && <Alert severity="info">{DropboxConnectionMessages.connectNotConfigured}</Alert>}

      <Stack direction="row" spacing={1}>
        {c.connectAvailable && (c.mode !== 'connected' || c.broken) && (
          <Button
            variant="contained"
            onClick={() => void onConnect()}
            disabled={busy}
            startIcon={connecting.isLoading ? <CircularProgress size={18} color="inherit" /> : <CloudDone />}
          >
            {c.mode === 'none' ? 'Connect Dropbox' : 'Connect Dropbox again'}
          </Button>
        )}
        {c.mode !== 'none' && (
          <Button variant="outlined" color="error" onClick={() => void onDisconnect()} disabled={busy}>
            {disconnecting.isLoading ? 'Disconnecting...' : 'Disconnect'}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
