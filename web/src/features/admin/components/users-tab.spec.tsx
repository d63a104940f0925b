import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@/components/toasts/use-toast';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { aUserRow, anAdmin } from '../admin.fixtures';
// Specs may cross feature lines: the app shell hands the console the shared kit dialogs in the same way.
import { kitDialogs } from '@/features/kit-dialogs';
import { AdminPage } from './admin-page';

// The console mounts many MUI components; a loaded machine needs more than the default 5 s.

afterEach(() => {
  dismissToast();
  jest.restoreAllMocks();
});

const users = [
  aUserRow({ id: 'u-1', first_name: 'Jo', last_name: 'Bloggs', email: 'jo@example.org', role: 'user', kit_count: 2, email_verified: true }),
  aUserRow({ id: 'u-2', first_name: 'Sam', last_name: 'Keeper', email: 'SAM.K@Trust.NHS.uk', role: 'admin', kit_count: 0, email_verified: false }),
  aUserRow({ id: 'u-3', first_name: 'Alex', last_name: 'Jones', email: 'alex@example.com', role: 'user', kit_count: 5 }),
];

async function openUsers(routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    'GET /api/test-kits': json([]),
    'GET /api/admin/pending-kits-working': json([]),
    'GET /api/admin/user-management': json({ users }),
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  renderApp(<AdminPage user={anAdmin()} dialogs={kitDialogs} />);
  await user.click(screen.getByRole('tab', { name: 'User Management' }));
  await screen.findByRole('table', { name: 'Users' });
  return { user, fetchMock };
}

const names = () =>
  within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => (r as HTMLTableRowElement).cells[0].textContent);
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) }) as HTMLTableRowElement;

describe('User Management', () => {
  it('lists name, email, role badge, kit count, created date and verification badge', async () => {
    await openUsers();
    const jo = rowOf('Jo Bloggs');
    expect(jo).toHaveTextContent('jo@example.org');
    expect(within(jo).getByText('User')).toBeInTheDocument();
    expect(within(jo).getByText('Verified')).toBeInTheDocument();
    expect(jo).toHaveTextContent('04/03/2025');
    expect(jo.cells[3]).toHaveTextContent('2');
    const sam = rowOf('Sam Keeper');
    expect(within(sam).getByText('Admin')).toBeInTheDocument();
    expect(within(sam).getByText('Unverified')).toBeInTheDocument();
  });

  it('searches case-insensitively on full name or e-mail', async () => {
    const { user } = await openUsers();
    const search = screen.getByLabelText('Search users');
    await user.type(search, 'JO BLOGGS');
    expect(names()).toEqual(['Jo Bloggs']);
    await user.clear(search);
    await user.type(search, 'trust.nhs');
    expect(names()).toEqual(['Sam Keeper']);
    await user.clear(search);
    await user.type(search, 'EXAMPLE');
    expect(names()).toEqual(['Jo Bloggs', 'Alex Jones']);
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByText('No users match your search.')).toBeInTheDocument();
  });

  it('hides Delete for admins', async () => {
    await openUsers();
    expect(within(rowOf('Sam Keeper')).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(rowOf('Jo Bloggs')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('asks before toggling a role, naming the person and the direction; cancelling sends nothing', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, fetchMock } = await openUsers();
    await user.click(within(rowOf('Jo Bloggs')).getByRole('button', { name: 'Toggle Role' }));
    expect(confirm).toHaveBeenLastCalledWith(expect.stringContaining('promote Jo Bloggs (jo@example.org) to admin'));
    await user.click(within(rowOf('Sam Keeper')).getByRole('button', { name: 'Toggle Role' }));
    expect(confirm).toHaveBeenLastCalledWith(expect.stringContaining('demote Sam Keeper (SAM.K@Trust.NHS.uk) to regular user'));
    expect(fetchMock.calls()).not.toContain('POST /api/admin/user-management');
  });

  it('posts toggle_role once confirmed and reports success', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, fetchMock } = await openUsers({ 'POST /api/admin/user-management': json({ message: 'Jo Bloggs is now an admin' }) });
    await user.click(within(rowOf('Jo Bloggs')).getByRole('button', { name: 'Toggle Role' }));
    expect(await screen.findByText('Jo Bloggs is now an admin')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(await fetchMock.bodies('POST /api/admin/user-management')).toEqual([{ action: 'toggle_role', userId: 'u-1', email: 'jo@example.org' }]);
  });

  it("shows the server's error, or the spec's fallback, when an action fails", async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    let reply = json({ message: 'You cannot change your own role' }, 400);
    const { user } = await openUsers({ 'POST /api/admin/user-management': () => reply });
    await user.click(within(rowOf('Jo Bloggs')).getByRole('button', { name: 'Toggle Role' }));
    let toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('You cannot change your own role');

    dismissToast();
    reply = new Response('', { status: 500 });
    await user.click(within(rowOf('Jo Bloggs')).getByRole('button', { name: 'Reset Password' }));
    toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Action failed');
    expect(toast).toHaveTextContent('Failed to perform action');
  });

  it('edits a user: every field required, e-mail as an e-mail input', async () => {
    const { user, fetchMock } = await openUsers({
      'PUT /api/admin/user-management': json({ message: 'User updated', user: {} }),
    });
    await user.click(within(rowOf('Jo Bloggs')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    const email = within(dialog).getByLabelText(/Email/);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    await user.clear(within(dialog).getByLabelText(/First Name/));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(fetchMock.calls()).not.toContain('PUT /api/admin/user-management');

    await user.type(within(dialog).getByLabelText(/First Name/), 'Joanna');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('User updated')).toBeInTheDocument();
    expect(await fetchMock.bodies('PUT /api/admin/user-management')).toEqual([
      { userId: 'u-1', firstName: 'Joanna', lastName: 'Bloggs', email: 'jo@example.org' },
    ]);
  });

  it('says when there are no users', async () => {
    await openUsersEmpty();
    expect(await screen.findByText('No user data available')).toBeInTheDocument();
  });
});

async function openUsersEmpty() {
  mockFetch({
    'GET /api/test-kits': json([]),
    'GET /api/admin/pending-kits-working': json([]),
    'GET /api/admin/user-management': json({ users: [] }),
  });
  const user = userEvent.setup({ delay: null });
  renderApp(<AdminPage user={anAdmin()} dialogs={kitDialogs} />);
  await user.click(screen.getByRole('tab', { name: 'User Management' }));
}
