import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DropboxConnection, DropboxConnectionMessages } from '@bleedkits/contracts';
import { pageNavigation } from '@/components/page-navigation';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { DropboxConnectionCard } from './dropbox-connection-card';

const NONE: DropboxConnection = {
  mode: 'none',
  connectAvailable: true,
  accountName: null,
  accountEmail: null,
  connectedAt: null,
  broken: false,
  lastCopyAt: null,
  lastError: null,
  lastErrorAt: null,
};
const CONNECTED: DropboxConnection = {
  ...NONE,
  mode: 'connected',
  accountName: 'Register Backups',
  accountEmail: 'backups@example.org',
  connectedAt: '2027-03-01T10:00:00.000Z',
  lastCopyAt: '2027-03-10T03:04:00.000Z',
};

const card = () => screen.findByRole('region', { name: 'Dropbox connection' });

afterEach(() => jest.restoreAllMocks());

describe(DropboxConnectionCard.name, () => {
  it('Connect Dropbox asks the server to start, then sends the browser to the page Dropbox answered', async () => {
    const fetchMock = mockFetch({
      'GET /api/admin/dropbox': json(NONE),
      'POST /api/admin/dropbox/connect': json({ authorizeUrl: 'https://www.dropbox.com/oauth2/authorize?client_id=k&state=s' }),
    });
    const leave = jest.spyOn(pageNavigation, 'replace').mockImplementation(() => undefined);
    renderApp(<DropboxConnectionCard />, { path: '/admin/backups' });
    const region = await card();
    expect(within(region).getByText('Dropbox is not connected: backups stay on this server only.')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Disconnect' })).toBeNull();
    await userEvent.click(within(region).getByRole('button', { name: 'Connect Dropbox' }));
    expect(leave).toHaveBeenCalledWith('https://www.dropbox.com/oauth2/authorize?client_id=k&state=s');
    expect(fetchMock.calls()).toEqual(['GET /api/admin/dropbox', 'POST /api/admin/dropbox/connect']);
  });

  it('without an app key it says what is missing and offers no Connect button', async () => {
    mockFetch({ 'GET /api/admin/dropbox': json({ ...NONE, connectAvailable: false }) });
    renderApp(<DropboxConnectionCard />);
    const region = await card();
    expect(within(region).getByText(DropboxConnectionMessages.connectNotConfigured)).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /Connect Dropbox/ })).toBeNull();
  });

  it('connected: the account, the last copy and Disconnect, which revokes and says so', async () => {
    const fetchMock = mockFetch({
      'GET /api/admin/dropbox': json(CONNECTED),
      'POST /api/admin/dropbox/disconnect': json({ message: DropboxConnectionMessages.disconnected, connection: NONE }),
      'GET /api/admin/security-stats': json({}),
      'GET /api/admin/backups': json({}),
    });
    renderApp(<DropboxConnectionCard />, { path: '/admin/backups?dropbox=connected' });
    const region = await card();
    expect(within(region).getByText('Connected to Dropbox as Register Backups (backups@example.org)')).toBeInTheDocument();
    expect(within(region).getByText(DropboxConnectionMessages.connected)).toBeInTheDocument();
    expect(within(region).getByText('10/03/2027 03:04')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /Connect Dropbox/ })).toBeNull();
    await userEvent.click(within(region).getByRole('button', { name: 'Disconnect' }));
    expect(await within(region).findByText(DropboxConnectionMessages.disconnected)).toBeInTheDocument();
    expect(fetchMock.calls()).toContain('POST /api/admin/dropbox/disconnect');
  });

  it('a pasted token is flagged as one that may expire; a broken connection says so and offers to connect again', async () => {
    mockFetch({ 'GET /api/admin/dropbox': json({ ...CONNECTED, mode: 'legacy_token' }) });
    const legacy = renderApp(<DropboxConnectionCard />);
    expect(within(await card()).getByText(DropboxConnectionMessages.legacyMayExpire)).toBeInTheDocument();
    expect(screen.getByText('Using a pasted Dropbox access token as Register Backups (backups@example.org)')).toBeInTheDocument();
    legacy.unmount();

    mockFetch({
      'GET /api/admin/dropbox': json({
        ...CONNECTED,
        broken: true,
        lastError: 'Cloud copy failed: Dropbox no longer accepts the connection',
        lastErrorAt: '2027-03-11T03:05:00.000Z',
      }),
    });
    renderApp(<DropboxConnectionCard />);
    const region = await card();
    expect(within(region).getByText(DropboxConnectionMessages.broken)).toBeInTheDocument();
    expect(within(region).getByText('11/03/2027 03:05: Cloud copy failed: Dropbox no longer accepts the connection')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Connect Dropbox again' })).toBeInTheDocument();
  });

  it('back from Dropbox with a failure, the reason the server gave is shown', async () => {
    mockFetch({ 'GET /api/admin/dropbox': json(NONE) });
    renderApp(<DropboxConnectionCard />, {
      path: `/admin/backups?${new URLSearchParams({ dropbox: 'failed', reason: DropboxConnectionMessages.cancelled }).toString()}`,
    });
    expect(within(await card()).getByText(DropboxConnectionMessages.cancelled)).toBeInTheDocument();
  });
});
