import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FeedAccessLogEntry, type FeedAccessLogResponse, FeedClientMessages, type FeedClientView, FeedPushMessages } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { AmbulanceFeedCard, feedTime, revokeConfirmation } from './ambulance-feed-card';

const client = (n: number, overrides: Partial<FeedClientView> = {}): FeedClientView => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  label: `Client ${n}`,
  scope: 'north_west',
  keyPrefix: `bkf_abcd${n}`,
  createdAt: '2026-01-05T09:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});
const entry = (n: number): FeedAccessLogEntry => ({
  id: n,
  clientId: client(1).id,
  clientLabel: 'NWAS CAD',
  scope: 'north_west',
  accessedAt: '2026-07-04T09:30:00.000Z',
  kitsReturned: 700,
  codesReturned: 350 + n,
  clientAddress: '10.0.0.7',
});
const logPage = (data: FeedAccessLogEntry[], page: number, pageCount: number): FeedAccessLogResponse => ({
  data,
  pagination: { total: pageCount * 25, page, pageSize: 25, pageCount },
});
const emptyLog = () => json(logPage([], 1, 1));

afterEach(() => {
  dismissToast();
  jest.restoreAllMocks();
});

describe(AmbulanceFeedCard.name, () => {
  it('lists clients per scope with created, last used and revoked, and the key prefix only', async () => {
    mockFetch({
      'GET /api/admin/ambulance-feed/clients': json({
        clients: [
          client(1, { label: 'NWAS CAD', lastUsedAt: '2026-07-04T09:30:00.000Z' }),
          client(2, { label: 'Old NWAS key', revokedAt: '2026-02-01T12:00:00.000Z' }),
          client(3, { label: 'GoodSAM', scope: 'responder_app' }),
        ],
      }),
      'GET /api/admin/ambulance-feed/access-log': emptyLog(),
    });
    renderApp(<AmbulanceFeedCard />);
    const nw = await screen.findByRole('table', { name: 'Feed clients: North West' });
    const active = within(nw).getByText('NWAS CAD').closest('tr')!;
    expect(active).toHaveTextContent('bkf_abcd1…');
    expect(active).toHaveTextContent('05/01/2026 09:00');
    expect(active).toHaveTextContent('04/07/2026 10:30');
    expect(within(active).getByText('Active')).toBeInTheDocument();
    const revoked = within(nw).getByText('Old NWAS key').closest('tr')!;
    expect(revoked).toHaveTextContent('Revoked 01/02/2026 12:00');
    expect(revoked).toHaveTextContent('Never');
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Feed clients: First-responder app (public kits, no codes)' })).getByText('GoodSAM'),
    ).toBeInTheDocument();
    expect(screen.getByText('No feed answers with cabinet codes yet.')).toBeInTheDocument();
  });

  it('creates a key, shows it once with a copy button, and hides it when done', async () => {
    let clients: FeedClientView[] = [];
    const created = client(4, { label: 'Welsh CAD', scope: 'welsh' });
    const key = 'bkf_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
    const fetchMock = mockFetch({
      'GET /api/admin/ambulance-feed/clients': () => json({ clients }),
      'GET /api/admin/ambulance-feed/access-log': emptyLog(),
      'POST /api/admin/ambulance-feed/clients': () => {
        clients = [created];
        return json({ client: created, key, message: FeedClientMessages.created }, 201);
      },
    });
    // user-event puts a clipboard of its own on navigator; the key must land there.
    const user = userEvent.setup({ delay: null });
    renderApp(<AmbulanceFeedCard />);
    expect(await screen.findByText('No feed clients yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText('Please enter a label for this feed client')).toBeInTheDocument();
    expect(fetchMock.calls()).not.toContain('POST /api/admin/ambulance-feed/clients');

    await user.selectOptions(screen.getByLabelText('Feed for'), 'welsh');
    await user.type(screen.getByLabelText('Label'), '  Welsh CAD ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-feed-key')).toHaveTextContent(key);
    expect(screen.getByText(/Copy the key now: it will not be shown again/)).toBeInTheDocument();
    expect(await fetchMock.bodies('POST /api/admin/ambulance-feed/clients')).toEqual([{ scope: 'welsh', label: 'Welsh CAD' }]);
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(key);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Feed clients: Welsh' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-feed-key')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(key);
  });

  it('revokes a key only after confirmation', async () => {
    const c = client(5, { label: 'London CAD', scope: 'london' });
    const fetchMock = mockFetch({
      'GET /api/admin/ambulance-feed/clients': json({ clients: [c] }),
      'GET /api/admin/ambulance-feed/access-log': emptyLog(),
      [`DELETE /api/admin/ambulance-feed/clients/${c.id}`]: json({
        message: 'Feed client revoked',
        client: { ...c, revokedAt: '2026-07-04T10:00:00.000Z' },
      }),
    });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup({ delay: null });
    renderApp(<AmbulanceFeedCard />);
    await user.click(await screen.findByRole('button', { name: 'Revoke London CAD' }));
    expect(confirm).toHaveBeenLastCalledWith(revokeConfirmation(c));
    expect(fetchMock.calls()).not.toContain(`DELETE /api/admin/ambulance-feed/clients/${c.id}`);
    await user.click(screen.getByRole('button', { name: 'Revoke London CAD' }));
    expect(await screen.findByText('Feed client revoked')).toBeInTheDocument();
    expect(fetchMock.calls()).toContain(`DELETE /api/admin/ambulance-feed/clients/${c.id}`);
  });

  it("opens an active client's push delivery in a dialog, and gives the focus back to its button on close", async () => {
    const c = client(6, { label: 'NWAS CAD' });
    const push = `/api/admin/ambulance-feed/clients/${c.id}/push`;
    const fetchMock = mockFetch({
      'GET /api/admin/ambulance-feed/clients': json({
        clients: [c, client(7, { label: 'Old NWAS key', revokedAt: '2026-02-01T12:00:00.000Z' })],
      }),
      'GET /api/admin/ambulance-feed/access-log': emptyLog(),
      [`GET ${push}`]: json({ message: FeedPushMessages.noSubscription }, 404),
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<AmbulanceFeedCard />);
    const table = await screen.findByRole('table', { name: 'Feed clients: North West' });
    expect(within(within(table).getByText('Old NWAS key').closest('tr')!).queryByRole('button', { name: /Push delivery/ })).not.toBeInTheDocument();
    const open = within(table).getByRole('button', { name: 'Push delivery for NWAS CAD' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Push delivery: NWAS CAD' });
    expect(await within(dialog).findByText(/This client has no push delivery/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Set webhook URL' })).toBeInTheDocument();
    expect(fetchMock.calls()).toContain(`GET ${push}`);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).toHaveFocus();
  });

  it('shows the access log newest first, one server page at a time', async () => {
    mockFetch({
      'GET /api/admin/ambulance-feed/clients': json({ clients: [] }),
      'GET /api/admin/ambulance-feed/access-log': (req) =>
        json(new URL(req.url).searchParams.get('page') === '2' ? logPage([entry(2)], 2, 2) : logPage([entry(1)], 1, 2)),
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<AmbulanceFeedCard />);
    const table = await screen.findByRole('table', { name: 'Ambulance feed access log' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('04/07/2026 10:30');
    expect(row).toHaveTextContent('NWAS CAD');
    expect(row).toHaveTextContent('North West');
    expect(row).toHaveTextContent('700');
    expect(row).toHaveTextContent('351');
    expect(row).toHaveTextContent('10.0.0.7');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('352')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("writes times in UK time and 'Never' for none", () => {
    expect(feedTime(null)).toBe('Never');
    expect(feedTime('2026-01-05T09:00:00.000Z')).toBe('05/01/2026 09:00');
  });
});
