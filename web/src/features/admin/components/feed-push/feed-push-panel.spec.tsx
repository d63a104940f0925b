import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEED_PUSH_LOG_PAGE_SIZE, FeedPushMessages } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { FeedPushPanel, replayConfirmation, rotateConfirmation } from './feed-push-panel';
import { CLIENT, PUSH, SECRET, aDelivery, aSubscription, logPage, noSubscription } from './feed-push.fixtures';

afterEach(() => {
  dismissToast();
  jest.restoreAllMocks();
});

const statusOf = () => screen.getByRole('region', { name: 'Subscription' });
const term = (name: string) => within(statusOf()).getByText(name, { selector: 'dt' }).nextElementSibling;

describe(FeedPushPanel.name, () => {
  it('sets the first webhook URL, shows the secret once with a copy button, then the subscription and its log', async () => {
    let subscription: ReturnType<typeof aSubscription> | null = null;
    const url = 'http://127.0.0.1:8787/feed';
    const fetchMock = mockFetch({
      [`GET ${PUSH}`]: () => (subscription ? json({ subscription }) : noSubscription()),
      [`PUT ${PUSH}`]: () => {
        subscription = aSubscription({ url, deliveredAt: null });
        return json({ subscription, secret: SECRET, message: FeedPushMessages.created });
      },
      [`GET ${PUSH}/deliveries`]: json(logPage([])),
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<FeedPushPanel client={CLIENT} />);
    expect(await screen.findByText(/This client has no push delivery/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Subscription' })).not.toBeInTheDocument();

    // Checked before it is sent: not https, and not 127.0.0.1.
    await user.type(screen.getByLabelText('Webhook URL'), 'http://cad.nwas.example/feed');
    await user.click(screen.getByRole('button', { name: 'Set webhook URL' }));
    expect(screen.getByText(FeedPushMessages.urlDevelopment)).toBeInTheDocument();
    expect(fetchMock.calls()).not.toContain(`PUT ${PUSH}`);

    await user.clear(screen.getByLabelText('Webhook URL'));
    await user.type(screen.getByLabelText('Webhook URL'), ` ${url} `);
    await user.click(screen.getByRole('button', { name: 'Set webhook URL' }));
    expect(await screen.findByTestId('feed-push-secret')).toHaveTextContent(SECRET);
    expect(screen.getByText(FeedPushMessages.created)).toBeInTheDocument();
    expect(await fetchMock.bodies(`PUT ${PUSH}`)).toEqual([{ url }]);
    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    // The answer's subscription is shown without asking again, and the log beneath it.
    expect(await screen.findByRole('region', { name: 'Subscription' })).toBeInTheDocument();
    expect(term('Webhook URL')).toHaveTextContent(url);
    expect(term('Last delivered')).toHaveTextContent('Never');
    expect(await screen.findByText('Nothing has been sent yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change URL' })).toBeInTheDocument();
    expect(fetchMock.calls().filter((c) => c === `GET ${PUSH}`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('feed-push-secret')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('shows the state, delivered cursor, lag, failures and last error of a paused subscription, and resumes it', async () => {
    const paused = aSubscription({
      state: 'paused',
      lagRecords: 3,
      lagSeconds: 90_000,
      failedAttempts: 17,
      failingSince: '2026-07-03T09:00:00.000Z',
      nextAttemptAt: null,
      lastError: 'HTTP 503 from the webhook',
      pausedAt: '2026-07-04T09:00:00.000Z',
      previousSecretValidUntil: '2026-07-05T08:00:00.000Z',
    });
    const fetchMock = mockFetch({
      [`GET ${PUSH}`]: json({ subscription: paused }),
      [`GET ${PUSH}/deliveries`]: json(logPage([aDelivery(1, { outcome: 'failed', httpStatus: 503, error: 'HTTP 503 from the webhook' })])),
      [`POST ${PUSH}/resume`]: json({ subscription: aSubscription({ lagRecords: 3, lagSeconds: 90_000 }), message: FeedPushMessages.resumed }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<FeedPushPanel client={CLIENT} />);
    await screen.findByRole('region', { name: 'Subscription' });
    expect(screen.getByText(/Push delivery is paused since 04\/07\/2026 10:00: a batch failed for 24 hours/)).toBeInTheDocument();
    expect(term('State')).toHaveTextContent('Paused');
    expect(term('Delivered cursor')).toHaveTextContent('1042');
    expect(term('Last delivered')).toHaveTextContent('04/07/2026 10:30');
    expect(term('Lag')).toHaveTextContent('3 records behind, the oldest waiting 1 day 1 hour');
    expect(term('Failing')).toHaveTextContent('17 failed attempts since 03/07/2026 10:00');
    expect(term('Last error')).toHaveTextContent('HTTP 503 from the webhook');
    expect(term('Previous secret')).toHaveTextContent('Still signs until 05/07/2026 09:00');
    expect(screen.getByLabelText('Webhook URL')).toHaveValue(paused.url);

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText(FeedPushMessages.resumed)).toBeInTheDocument();
    expect(fetchMock.calls()).toContain(`POST ${PUSH}/resume`);
    await waitFor(() => expect(term('State')).toHaveTextContent('Active'));
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Push delivery is paused/)).not.toBeInTheDocument();
  });

  it('sends a test event and says where its outcome will be', async () => {
    const fetchMock = mockFetch({
      [`GET ${PUSH}`]: json({ subscription: aSubscription() }),
      [`GET ${PUSH}/deliveries`]: json(logPage([])),
      [`POST ${PUSH}/test`]: json({ subscription: aSubscription(), message: FeedPushMessages.test }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<FeedPushPanel client={CLIENT} />);
    expect(await screen.findByRole('region', { name: 'Subscription' })).toBeInTheDocument();
    expect(term('Lag')).toHaveTextContent('Up to date');
    expect(term('Last error')).toHaveTextContent('None');
    expect(screen.queryByText('Failing', { selector: 'dt' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText(FeedPushMessages.test)).toBeInTheDocument();
    expect(fetchMock.calls().filter((c) => c === `POST ${PUSH}/test`)).toHaveLength(1);
  });

  it('asks for the log again on Refresh', async () => {
    let deliveries = [aDelivery(1)];
    const fetchMock = mockFetch({
      [`GET ${PUSH}`]: json({ subscription: aSubscription() }),
      [`GET ${PUSH}/deliveries`]: (req) => {
        expect(new URL(req.url).searchParams.get('pageSize')).toBe(String(FEED_PUSH_LOG_PAGE_SIZE));
        return json(logPage(deliveries));
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<FeedPushPanel client={CLIENT} />);
    const log = await screen.findByRole('table', { name: 'Push delivery log' });
    expect(within(log).getAllByRole('row')).toHaveLength(2);
    deliveries = [aDelivery(2, { type: 'ambulance-feed.test', records: 0, afterCursor: '1042' }), aDelivery(1)];
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await within(log).findByText('Test event')).toBeInTheDocument();
    expect(fetchMock.calls().filter((c) => c === `GET ${PUSH}`)).toHaveLength(2);
  });

  it('rotates the secret only after confirmation, and shows the new one once', async () => {
    const rotated = 'whsec_Q2hhbmdlZFNlY3JldEZvclRoZVRlc3Q=';
    const fetchMock = mockFetch({
      [`GET ${PUSH}`]: json({ subscription: aSubscription() }),
      [`GET ${PUSH}/deliveries`]: json(logPage([])),
      [`POST ${PUSH}/rotate-secret`]: json({
        subscription: aSubscription({ previousSecretValidUntil: '2026-07-05T09:30:00.000Z' }),
        secret: rotated,
        message: FeedPushMessages.rotated,
      }),
    });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup({ delay: null });
    renderApp(<FeedPushPanel client={CLIENT} />);
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    expect(confirm).toHaveBeenLastCalledWith(rotateConfirmation(CLIENT));
    expect(fetchMock.calls()).not.toContain(`POST ${PUSH}/rotate-secret`);
    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByTestId('feed-push-secret')).toHaveTextContent(rotated);
    expect(screen.getByText(FeedPushMessages.rotated)).toBeInTheDocument();
    await waitFor(() => expect(term('Previous secret')).toHaveTextContent('Still signs until 05/07/2026 10:30'));
  });

  it('replays from a cursor no later than the delivered one, after confirmation', async () => {
    const fetchMock = mockFetch({
      [`GET ${PUSH}`]: json({ subscription: aSubscription() }),
      [`GET ${PUSH}/deliveries`]: json(logPage([])),
      [`POST ${PUSH}/replay`]: json({ subscription: aSubscription({ deliveredCursor: '1000', lagRecords: 42 }), message: FeedPushMessages.replay }),
    });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup({ delay: null });
    renderApp(<FeedPushPanel client={CLIENT} />);
    const cursor = await screen.findByLabelText('From cursor');
    expect(screen.getByText(/The delivered cursor is 1042\./)).toBeInTheDocument();

    for (const bad of ['', 'abc', '1043']) {
      await user.clear(cursor);
      if (bad) await user.type(cursor, bad);
      await user.click(screen.getByRole('button', { name: 'Replay' }));
      expect(screen.getByText(FeedPushMessages.cursor)).toBeInTheDocument();
    }
    expect(confirm).not.toHaveBeenCalled();
    expect(fetchMock.calls()).not.toContain(`POST ${PUSH}/replay`);

    await user.clear(cursor);
    await user.type(cursor, '1000');
    await user.click(screen.getByRole('button', { name: 'Replay' }));
    expect(confirm).toHaveBeenCalledWith(replayConfirmation(CLIENT, '1000'));
    expect(await screen.findByText(FeedPushMessages.replay)).toBeInTheDocument();
    expect(await fetchMock.bodies(`POST ${PUSH}/replay`)).toEqual([{ fromCursor: '1000' }]);
    await waitFor(() => expect(term('Delivered cursor')).toHaveTextContent('1000'));
    expect(term('Lag')).toHaveTextContent('42 records behind');
    expect(cursor).toHaveValue('');
  });

  it("changes the URL keeping the secret, and shows the server's refusal beside the field", async () => {
    const changed = 'https://cad2.nwas.example/feed';
    let answer = json({ message: 'Validation failed', errors: [FeedPushMessages.url] }, 400);
    mockFetch({
      [`GET ${PUSH}`]: json({ subscription: aSubscription() }),
      [`GET ${PUSH}/deliveries`]: json(logPage([])),
      [`PUT ${PUSH}`]: () => answer,
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<FeedPushPanel client={CLIENT} />);
    const field = await screen.findByLabelText('Webhook URL');
    await user.clear(field);
    await user.type(field, 'http://127.0.0.1:9000/feed');
    await user.click(screen.getByRole('button', { name: 'Change URL' }));
    expect(await screen.findByText('Webhook URL not saved')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(FeedPushMessages.url);

    answer = json({ subscription: aSubscription({ url: changed }), secret: null, message: FeedPushMessages.updated });
    await user.clear(field);
    await user.type(field, changed);
    await user.click(screen.getByRole('button', { name: 'Change URL' }));
    expect(await screen.findByText(FeedPushMessages.updated)).toBeInTheDocument();
    expect(screen.queryByTestId('feed-push-secret')).not.toBeInTheDocument();
    // The answer's subscription reaches the cached status a moment after the toast (keepStatus's upsert).
    await waitFor(() => expect(term('Webhook URL')).toHaveTextContent(changed));
  });

  it('says so when the subscription cannot be loaded', async () => {
    mockFetch({ [`GET ${PUSH}`]: json({ message: 'Internal server error' }, 500) });
    renderApp(<FeedPushPanel client={CLIENT} />);
    expect(await screen.findByText('The push subscription could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Webhook URL')).not.toBeInTheDocument();
  });
});
