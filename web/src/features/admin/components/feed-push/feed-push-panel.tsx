import Refresh from '@mui/icons-material/Refresh';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FEED_PUSH_RETRY_HOURS,
  FEED_PUSH_SECRET_OVERLAP_HOURS,
  FEED_PUSH_URL_MAX,
  type FeedClientView,
  FeedPushMessages,
  type FeedPushSubscriptionView,
  feedPushUrlErrors,
} from '@bleedkits/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { isApiError, serverMessageOr } from '@/api/api';
import { useAppDispatch } from '@/app/hooks';
import { useToast } from '@/components/toasts/use-toast';
import {
  feedPushApi,
  useAdminFeedPushQuery,
  useAdminReplayFeedPushMutation,
  useAdminResumeFeedPushMutation,
  useAdminRotateFeedPushSecretMutation,
  useAdminSetFeedPushMutation,
  useAdminTestFeedPushMutation,
} from '@/features/admin/feed-push-api';
import { feedTime } from '@/features/admin/lib/feed-time';
import { DeliveryLog } from './delivery-log';
import { lagText } from './feed-push-format';
import { NewSecret } from './new-secret';

type Client = Pick<FeedClientView, 'id' | 'label'>;
type ShownSecret = { secret: string; message: string };

/** The server's field errors of a refused call, else its message, else the fallback. */
function problemsOf(error: unknown, fallback: string): string[] {
  if (isApiError(error) && error.errors?.length) return error.errors;
  return [serverMessageOr(error, fallback)];
}

export const rotateConfirmation = (c: Client): string =>
  `Rotate the signing secret of ${c.label}? The new secret is shown once; the old one still signs beside it for ${FEED_PUSH_SECRET_OVERLAP_HOURS} hours.`;
export const replayConfirmation = (c: Client, fromCursor: string): string => `Send ${c.label} everything after cursor ${fromCursor} again, in order?`;

/**
 * Push delivery of one feed client (issue 30): its webhook URL, the subscription's state, delivered cursor, lag and
 * last error, 'send a test event', 'resume', 'rotate secret', 'replay from cursor', and the delivery log. The signing
 * secret is shown once, when the subscription is created or the secret rotated. `pollingInterval` (ms) keeps the
 * status and the log fresh while the panel is shown.
 */
export function FeedPushPanel({ client, pollingInterval = 0 }: { client: Client; pollingInterval?: number }) {
  const status = useAdminFeedPushQuery(client.id, { refetchOnMountOrArgChange: true, pollingInterval });
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const dispatch = useAppDispatch();
  const subscription = status.data ?? null;

  const refresh = () =>
    dispatch(
      feedPushApi.util.invalidateTags([
        { type: 'FeedPush', id: client.id },
        { type: 'FeedPushLog', id: client.id },
      ]),
    );

  return (
    <Stack spacing={3}>
      {shown && <NewSecret secret={shown.secret} message={shown.message} onDone={() => setShown(null)} />}
      {status.isError && <Alert severity="error">The push subscription could not be loaded.</Alert>}
      {status.isLoading && <Typography role="status">Loading...</Typography>}
      {!status.isLoading && !status.isError && (
        <WebhookUrlForm key={subscription?.url ?? ''} client={client} subscription={subscription} onSecret={setShown} />
      )}
      {subscription && (
        <>
          <SubscriptionStatus subscription={subscription} onRefresh={refresh} refreshing={status.isFetching} />
          <Actions client={client} subscription={subscription} onSecret={setShown} />
          <ReplayForm client={client} subscription={subscription} />
          <DeliveryLog clientId={client.id} pollingInterval={pollingInterval} />
        </>
      )}
    </Stack>
  );
}

function WebhookUrlForm({
  client,
  subscription,
  onSecret,
}: {
  client: Client;
  subscription: FeedPushSubscriptionView | null;
  onSecret: (s: ShownSecret) => void;
}) {
  const [setPush, setting] = useAdminSetFeedPushMutation();
  const [url, setUrl] = useState(subscription?.url ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const toast = useToast();
  const headingId = `feed-push-url-heading-${client.id}`;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // The server knows whether it runs in production; here the development rule (https, or http://127.0.0.1) is the
    // looser of the two, and the server refuses what it must.
    const problems = feedPushUrlErrors(url, false);
    setErrors(problems);
    if (problems.length) return;
    try {
      const result = await setPush({ clientId: client.id, url: url.trim() }).unwrap();
      if (result.secret) onSecret({ secret: result.secret, message: result.message });
      else toast({ title: 'Success', description: result.message });
    } catch (error) {
      const problems = problemsOf(error, 'Unable to save the webhook URL. Please try again.');
      setErrors(problems);
      toast({ title: 'Webhook URL not saved', description: problems[0], variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Webhook
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {subscription
          ? 'Each change this client’s feed would show is sent to this address, signed with the secret shown when the webhook was set.'
          : 'This client has no push delivery: it pulls the feed with its key. Give it a webhook URL and each change is sent there, signed with a secret shown once.'}
      </Typography>
      <Stack
        component="form"
        onSubmit={(e) => void onSubmit(e)}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
        noValidate
      >
        <TextField
          size="small"
          label="Webhook URL"
          type="url"
          placeholder="https://cad.example.org/bleed-kits"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={errors.length > 0}
          helperText={errors[0] ?? 'An https:// address of a public host (http://127.0.0.1 is allowed outside production).'}
          slotProps={{ htmlInput: { maxLength: FEED_PUSH_URL_MAX, autoComplete: 'off', spellCheck: false } }}
          sx={{ flexGrow: 1 }}
        />
        <Button type="submit" variant="contained" disabled={setting.isLoading} sx={{ whiteSpace: 'nowrap' }}>
          {setting.isLoading ? 'Saving...' : subscription ? 'Change URL' : 'Set webhook URL'}
        </Button>
      </Stack>
    </section>
  );
}

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function SubscriptionStatus({
  subscription: s,
  onRefresh,
  refreshing,
}: {
  subscription: FeedPushSubscriptionView;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const headingId = `feed-push-status-heading-${s.clientId}`;
  return (
    <section aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Subscription
        </Typography>
        <Button size="small" startIcon={<Refresh />} onClick={onRefresh} disabled={refreshing}>
          Refresh
        </Button>
      </Stack>
      {s.state === 'paused' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Push delivery is paused{s.pausedAt ? ` since ${feedTime(s.pausedAt)}` : ''}: a batch failed for {FEED_PUSH_RETRY_HOURS} hours. Fix the
          receiver, then resume.
        </Alert>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 0.75 }, m: 0 }}
      >
        <Field term="State">
          {s.state === 'active' ? <Chip size="small" color="success" label="Active" /> : <Chip size="small" color="warning" label="Paused" />}
        </Field>
        <Field term="Webhook URL">
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {s.url}
          </Box>
        </Field>
        <Field term="Delivered cursor">
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {s.deliveredCursor}
          </Box>
        </Field>
        <Field term="Last delivered">{feedTime(s.deliveredAt)}</Field>
        <Field term="Lag">{lagText(s)}</Field>
        {s.failedAttempts > 0 && (
          <Field term="Failing">
            {s.failedAttempts === 1 ? '1 failed attempt' : `${s.failedAttempts} failed attempts`} since {feedTime(s.failingSince)}
            {s.state === 'active' && s.nextAttemptAt ? `; next attempt ${feedTime(s.nextAttemptAt)}` : ''}
          </Field>
        )}
        <Field term="Last error">{s.lastError ?? 'None'}</Field>
        {s.previousSecretValidUntil && <Field term="Previous secret">Still signs until {feedTime(s.previousSecretValidUntil)}</Field>}
      </Box>
    </section>
  );
}

function Actions({ client, subscription, onSecret }: { client: Client; subscription: FeedPushSubscriptionView; onSecret: (s: ShownSecret) => void }) {
  const [sendTest, testing] = useAdminTestFeedPushMutation();
  const [resume, resuming] = useAdminResumeFeedPushMutation();
  const [rotate, rotating] = useAdminRotateFeedPushSecretMutation();
  const toast = useToast();

  const onTest = async () => {
    try {
      toast({ title: 'Test event queued', description: (await sendTest(client.id).unwrap()).message });
    } catch (error) {
      toast({
        title: 'Test event not sent',
        description: serverMessageOr(error, 'Unable to send a test event. Please try again.'),
        variant: 'destructive',
      });
    }
  };
  const onResume = async () => {
    try {
      toast({ title: 'Success', description: (await resume(client.id).unwrap()).message });
    } catch (error) {
      toast({
        title: 'Resume failed',
        description: serverMessageOr(error, 'Unable to resume push delivery. Please try again.'),
        variant: 'destructive',
      });
    }
  };
  const onRotate = async () => {
    if (!window.confirm(rotateConfirmation(client))) return;
    try {
      const result = await rotate(client.id).unwrap();
      onSecret({ secret: result.secret, message: result.message });
    } catch (error) {
      toast({
        title: 'Secret not rotated',
        description: serverMessageOr(error, 'Unable to rotate the secret. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} role="group" aria-label="Push delivery actions" useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<Send />} onClick={() => void onTest()} disabled={testing.isLoading}>
        Send test event
      </Button>
      {subscription.state === 'paused' && (
        <Button variant="contained" onClick={() => void onResume()} disabled={resuming.isLoading}>
          Resume
        </Button>
      )}
      <Button variant="outlined" onClick={() => void onRotate()} disabled={rotating.isLoading}>
        Rotate secret
      </Button>
    </Stack>
  );
}

function ReplayForm({ client, subscription }: { client: Client; subscription: FeedPushSubscriptionView }) {
  const [replay, replaying] = useAdminReplayFeedPushMutation();
  const [cursor, setCursor] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const toast = useToast();
  const headingId = `feed-push-replay-heading-${client.id}`;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const fromCursor = cursor.trim();
    // Digits only, and no later than the delivered cursor: a replay never skips records.
    const problems = /^\d+$/.test(fromCursor) && BigInt(fromCursor) <= BigInt(subscription.deliveredCursor) ? [] : [FeedPushMessages.cursor];
    setErrors(problems);
    if (problems.length) return;
    if (!window.confirm(replayConfirmation(client, fromCursor))) return;
    try {
      toast({ title: 'Success', description: (await replay({ clientId: client.id, fromCursor }).unwrap()).message });
      setCursor('');
    } catch (error) {
      const problems = problemsOf(error, 'Unable to replay. Please try again.');
      setErrors(problems);
      toast({ title: 'Replay failed', description: problems[0], variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Replay from a cursor
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Sends everything after the cursor again, in order, for a receiver that lost batches. The delivered cursor is {subscription.deliveredCursor}.
      </Typography>
      <Stack
        component="form"
        onSubmit={(e) => void onSubmit(e)}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
        noValidate
      >
        <TextField
          size="small"
          label="From cursor"
          value={cursor}
          onChange={(e) => setCursor(e.target.value)}
          error={errors.length > 0}
          helperText={errors[0] ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
        <Button type="submit" variant="outlined" disabled={replaying.isLoading} sx={{ whiteSpace: 'nowrap' }}>
          {replaying.isLoading ? 'Replaying...' : 'Replay'}
        </Button>
      </Stack>
    </section>
  );
}
