import ContentCopy from '@mui/icons-material/ContentCopy';
import VpnKey from '@mui/icons-material/VpnKey';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FEED_CLIENT_LABEL_MAX,
  FEED_SCOPES,
  FEED_SCOPE_LABELS,
  type CreateFeedClientResponse,
  type FeedClientView,
  type FeedScope,
  feedClientLabelErrors,
} from '@bleedkits/contracts';
import { type FormEvent, useState } from 'react';
import { serverMessageOr } from '@/api/api';
import { OptionSelect } from '@/components/forms/option-select';
import { useToast } from '@/components/toasts/use-toast';
import {
  useAdminCreateFeedClientMutation,
  useAdminFeedAccessLogQuery,
  useAdminFeedClientsQuery,
  useAdminRevokeFeedClientMutation,
} from '../ambulance-feed-api';
import { feedTime } from '../lib/feed-time';
import { FeedPushDialog } from './feed-push/feed-push-dialog';
import { Pager } from '@/components/pager';

const SCOPE_OPTIONS = FEED_SCOPES.map((value) => ({ value, label: FEED_SCOPE_LABELS[value] }));

export { feedTime };

export const revokeConfirmation = (c: Pick<FeedClientView, 'label' | 'scope'>): string =>
  `Revoke the key of ${c.label} (${FEED_SCOPE_LABELS[c.scope]})? Anything using it loses the feed at once. This cannot be undone.`;

/**
 * Admin Tools: the ambulance-service feed. Admins create a key per feed client (shown once, with a copy button),
 * see when each was last used, revoke them, and read who was given cabinet codes. Each client's 'Push delivery' opens
 * its webhook subscription (./feed-push).
 */
export function AmbulanceFeedCard() {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          Ambulance feed
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Control rooms and the first-responder app pull approved kits with a key of their own (GET /api/ambulance-feed/v1/kits, documented at
          /api/docs). An ambulance service&apos;s key gets its kits with cabinet codes; the responder app&apos;s gets public kits only. A client can
          also be given a webhook: Push delivery sends it each change as it happens.
        </Typography>
        <Stack spacing={3}>
          <FeedClients />
          <AccessLog />
        </Stack>
      </CardContent>
    </Card>
  );
}

function FeedClients() {
  const clients = useAdminFeedClientsQuery();
  const [create, creating] = useAdminCreateFeedClientMutation();
  const [revoke] = useAdminRevokeFeedClientMutation();
  const [scope, setScope] = useState<FeedScope>(FEED_SCOPES[0]);
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [created, setCreated] = useState<CreateFeedClientResponse | null>(null);
  const [pushFor, setPushFor] = useState<FeedClientView | null>(null);
  const toast = useToast();

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    const problems = feedClientLabelErrors(label);
    setErrors(problems);
    if (problems.length) return;
    try {
      setCreated(await create({ scope, label: label.trim() }).unwrap());
      setLabel('');
    } catch (error) {
      toast({
        title: 'Feed client not created',
        description: serverMessageOr(error, 'Unable to create the feed client. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const onRevoke = async (c: FeedClientView) => {
    if (!window.confirm(revokeConfirmation(c))) return;
    try {
      const result = await revoke(c.id).unwrap();
      toast({ title: 'Success', description: result.message });
    } catch (error) {
      toast({ title: 'Revoke failed', description: serverMessageOr(error, 'Unable to revoke the key. Please try again.'), variant: 'destructive' });
    }
  };

  const list = clients.data ?? [];
  const scopes = FEED_SCOPES.filter((s) => list.some((c) => c.scope === s));

  return (
    <section aria-labelledby="feed-clients-heading">
      <Typography id="feed-clients-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Feed clients
      </Typography>
      <Stack
        component="form"
        onSubmit={(e) => void onCreate(e)}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}
        noValidate
      >
        <OptionSelect
          size="small"
          label="Feed for"
          value={scope}
          onChange={(e) => setScope(e.target.value as FeedScope)}
          options={SCOPE_OPTIONS}
          sx={{ minWidth: 220 }}
        />
        <TextField
          size="small"
          label="Label"
          placeholder="e.g. NWAS control room CAD"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          error={errors.length > 0}
          helperText={errors[0] ?? ' '}
          slotProps={{ htmlInput: { maxLength: FEED_CLIENT_LABEL_MAX } }}
          sx={{ flexGrow: 1 }}
        />
        <Button type="submit" variant="contained" startIcon={<VpnKey />} disabled={creating.isLoading} sx={{ whiteSpace: 'nowrap' }}>
          {creating.isLoading ? 'Creating...' : 'Create key'}
        </Button>
      </Stack>

      {created && <NewKey created={created} onDone={() => setCreated(null)} />}

      {clients.isError && <Alert severity="error">Feed clients could not be loaded.</Alert>}
      {clients.isLoading && <Typography role="status">Loading...</Typography>}
      {!clients.isLoading && !clients.isError && list.length === 0 && <Typography color="text.secondary">No feed clients yet.</Typography>}
      {scopes.map((s) => (
        <Box key={s} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
            {FEED_SCOPE_LABELS[s]}
          </Typography>
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={`Feed clients: ${FEED_SCOPE_LABELS[s]}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Label</TableCell>
                  <TableCell>Key</TableCell>
                  <TableCell>Created</TableCell>
                  <TableCell>Last used</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list
                  .filter((c) => c.scope === s)
                  .map((c) => (
                    <TableRow key={c.id} data-client-id={c.id}>
                      <TableCell>{c.label}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{c.keyPrefix}…</TableCell>
                      <TableCell>{feedTime(c.createdAt)}</TableCell>
                      <TableCell>{feedTime(c.lastUsedAt)}</TableCell>
                      <TableCell>
                        {c.revokedAt ? (
                          <Chip size="small" label={`Revoked ${feedTime(c.revokedAt)}`} />
                        ) : (
                          <Chip size="small" color="success" label="Active" />
                        )}
                      </TableCell>
                      <TableCell>
                        {!c.revokedAt && (
                          <Stack direction="row" spacing={1}>
                            <Button
                              size="small"
                              onClick={() => setPushFor(c)}
                              aria-label={`Push delivery for ${c.label}`}
                              sx={{ whiteSpace: 'nowrap' }}
                            >
                              Push delivery
                            </Button>
                            <Button size="small" color="error" onClick={() => void onRevoke(c)} aria-label={`Revoke ${c.label}`}>
                              Revoke
                            </Button>
                          </Stack>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      ))}
      {pushFor && <FeedPushDialog client={pushFor} onClose={() => setPushFor(null)} />}
    </section>
  );
}

/** The secret key, shown this once: the server keeps only its hash. */
function NewKey({ created, onDone }: { created: CreateFeedClientResponse; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      toast({ title: 'Copy failed', description: 'Select the key and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0, width: '100%' } }}
      action={
        <Button color="inherit" size="small" onClick={onDone}>
          Done
        </Button>
      }
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {created.message} ({created.client.label}, {FEED_SCOPE_LABELS[created.client.scope]})
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box component="code" data-testid="new-feed-key" sx={{ wordBreak: 'break-all', fontSize: '0.85rem' }}>
          {created.key}
        </Box>
        <Button size="small" variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {copied ? 'Copied' : 'Copy key'}
        </Button>
      </Stack>
    </Alert>
  );
}

function AccessLog() {
  const [page, setPage] = useState(1);
  const log = useAdminFeedAccessLogQuery({ page }, { refetchOnMountOrArgChange: true });
  const data = log.data;
  const pageCount = data?.pagination.pageCount ?? 1;
  return (
    <section aria-labelledby="feed-access-log-heading">
      <Typography id="feed-access-log-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Access log
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Every feed answer that carried cabinet codes, newest first.
      </Typography>
      {log.isError && <Alert severity="error">The access log could not be loaded.</Alert>}
      {log.isLoading && <Typography role="status">Loading...</Typography>}
      {data && data.data.length === 0 && <Typography color="text.secondary">No feed answers with cabinet codes yet.</Typography>}
      {data && data.data.length > 0 && (
        <>
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Ambulance feed access log">
              <TableHead>
                <TableRow>
                  <TableCell>Time</TableCell>
                  <TableCell>Client</TableCell>
                  <TableCell>Feed</TableCell>
                  <TableCell align="right">Kits</TableCell>
                  <TableCell align="right">Codes</TableCell>
                  <TableCell>Address</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{feedTime(e.accessedAt)}</TableCell>
                    <TableCell>{e.clientLabel}</TableCell>
                    <TableCell>{FEED_SCOPE_LABELS[e.scope] ?? e.scope}</TableCell>
                    <TableCell align="right">{e.kitsReturned}</TableCell>
                    <TableCell align="right">{e.codesReturned}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{e.clientAddress}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Pager label="Access log pages" page={page} pageCount={pageCount} onPage={setPage} />
        </>
      )}
    </section>
  );
}
