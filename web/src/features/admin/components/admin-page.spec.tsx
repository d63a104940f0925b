import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@/components/toasts/use-toast';
import { aUser, json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { aKit, anAdmin } from '../admin.fixtures';
// Specs may cross feature lines: the app shell hands the console the shared kit dialogs in the same way.
import { kitDialogs } from '@/features/kit-dialogs';
import { AdminPage } from './admin-page';

// The console mounts many MUI components; a loaded machine needs more than the default 5 s.

afterEach(() => {
  dismissToast();
  jest.restoreAllMocks();
});

describe('AdminPage access', () => {
  it('asks a signed-out visitor to log in, sending nothing to the admin API', () => {
    const fetchMock = mockFetch({});
    renderApp(<AdminPage user={null} dialogs={kitDialogs} />);
    expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth');
    expect(fetchMock.calls()).toEqual([]);
  });

  it('denies a signed-in user who is not an admin, pointing to the dashboard', () => {
    const fetchMock = mockFetch({});
    renderApp(<AdminPage user={aUser({ role: 'user' })} dialogs={kitDialogs} />);
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(fetchMock.calls()).toEqual([]);
  });

  it('waits for the session before deciding', () => {
    mockFetch({});
    renderApp(<AdminPage user={null} isLoading dialogs={kitDialogs} />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Admin Access Required')).not.toBeInTheDocument();
  });
});

describe('AdminPage console', () => {
  const kits = [
    aKit(1, { status: 'pending', locationName: 'Station Road Pharmacy', nextVerificationDue: null }),
    aKit(2, { status: 'active', nextVerificationDue: '2000-02-01T00:00:00.000Z' }),
    aKit(3, { status: 'rejected', locationName: 'Old Library' }),
    aKit(4, { status: 'active' }),
  ];

  function open(routes: Parameters<typeof mockFetch>[0] = {}) {
    const fetchMock = mockFetch({
      'GET /api/test-kits': json(kits),
      'GET /api/admin/pending-kits-working': json(kits.filter((k) => k.status === 'pending')),
      ...routes,
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<AdminPage user={anAdmin()} dialogs={kitDialogs} />);
    return { user, fetchMock };
  }

  it('shows the seven tabs with the pending and rejected counts, and the overview tiles', async () => {
    open();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Pending Kits (1)' })).toBeInTheDocument());
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Overview',
      'Pending Kits (1)',
      'Rejected Kits (1)',
      'All Kits',
      'User Management',
      'Manufacturers',
      'Admin Tools',
    ]);
    expect(await screen.findByText('Total Kits')).toBeInTheDocument();
    expect(screen.getByText('Recent Activity')).toBeInTheDocument();
    // Kit 2 is overdue; kit 4 is due in 2099; the pending kit is not chased.
    expect(screen.getByRole('button', { name: /Verification Due: 1 kits/ })).toBeInTheDocument();
  });

  it('opens the Verification Due report with days overdue', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: /Verification Due/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Verification Due Report' });
    const rows = within(dialog).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('KIT-002');
    expect(rows[1]).toHaveTextContent('01/02/2000');
    expect(rows[1]).toHaveTextContent('Overdue');
  });

  it('approves a pending kit through GET /api/kit-status', async () => {
    const urls: string[] = [];
    const { user } = open({
      'GET /api/kit-status': (req) => {
        urls.push(req.url);
        return json({ message: 'Kit approved', kit: { ...kits[0], status: 'active' } });
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Pending Kits (1)' }));
    const card = await screen.findByRole('article', { name: 'Station Road Pharmacy' });
    expect(within(card).getByText('KIT-001')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Kit approved')).toBeInTheDocument();
    expect(new URL(urls[0]).searchParams.get('id')).toBe('1');
    expect(new URL(urls[0]).searchParams.get('status')).toBe('active');
  });

  it('reports a failed approval with the spec text', async () => {
    const { user } = open({ 'GET /api/kit-status': json({ message: 'Kit is not pending' }, 409) });
    await user.click(await screen.findByRole('tab', { name: 'Pending Kits (1)' }));
    await user.click(within(await screen.findByRole('article', { name: 'Station Road Pharmacy' })).getByRole('button', { name: 'Approve' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Approval failed');
    expect(toast).toHaveTextContent('Unable to approve kit. Please try again or contact support.');
  });

  it('deletes a rejected kit only after confirmation, and shows status and body on failure', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user, fetchMock } = open({ 'DELETE /api/admin/bleed-kits': () => new Response('Kit not found', { status: 404 }) });
    await user.click(await screen.findByRole('tab', { name: 'Rejected Kits (1)' }));
    const card = await screen.findByRole('article', { name: 'Old Library' });
    expect(within(card).getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenLastCalledWith(expect.stringMatching(/^Are you sure you want to delete kit KIT-003.*This action cannot be undone\.$/));
    expect(fetchMock.calls()).not.toContain('DELETE /api/admin/bleed-kits');

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Delete failed');
    expect(toast).toHaveTextContent('404: Kit not found');
  });

  it('has no Delete on pending cards', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('tab', { name: 'Pending Kits (1)' }));
    const card = await screen.findByRole('article', { name: 'Station Road Pharmacy' });
    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  // The kit form's configuration lists and the maps key (none: the picker shows its fallback).
  const formRoutes = {
    'GET /api/config': () => new Response('Google Maps API key not configured', { headers: { 'Content-Type': 'text/plain' } }),
    'GET /api/config/manufacturers': () => json([{ value: 'mere', label: 'Mere' }]),
    'GET /api/config/ambulance-services': () => json([{ value: 'north_west', label: 'North West' }]),
  };

  it('edits a kit in the shared edit dialog in admin mode, sending the admin-only fields but never the owner', async () => {
    const { user, fetchMock } = open({
      ...formRoutes,
      'GET /api/bleed-kits/4': json(kits[3]),
      'PUT /api/admin/kit-edit': () => json({ ...kits[3], locationName: 'Town Hall', manuallyChecked: true, status: 'rejected' }),
    });
    await user.click(await screen.findByRole('tab', { name: 'All Kits' }));
    await user.click(await screen.findByRole('button', { name: 'Edit KIT-004' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit Kit/ });
    const name = await within(dialog).findByLabelText('Location Name');
    expect(name).toHaveValue('Village Hall 4');
    // The admin-only parts: status, the admin location types, manually checked, assignment and Delete Kit.
    expect(within(dialog).getByLabelText('Status')).toHaveValue('active');
    expect(within(within(dialog).getByLabelText('Location Type')).getByRole('option', { name: 'Emergency Vehicle' })).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Assignment' })).toHaveTextContent('Currently assigned to owner@example.org.');
    expect(within(dialog).getByRole('button', { name: 'Delete Kit' })).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Town Hall');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Manually Checked' }));
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'rejected');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Kit updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Edit Kit/ })).not.toBeInTheDocument());
    const [body] = (await fetchMock.bodies('PUT /api/admin/kit-edit')) as { kitId: number; revision: number; data: Record<string, unknown> }[];
    expect(body.kitId).toBe(4);
    expect(body.revision).toBe(4);
    expect(body.data).toMatchObject({ locationName: 'Town Hall', manuallyChecked: true, status: 'rejected', serialNumber: 'KIT-004' });
    // The owner changes through the assignment section (PATCH reassign), never with the edit.
    expect(body.data).not.toHaveProperty('userId');
  });

  it('opens the same dialog from a pending card, and deletes from it after the prompt naming the kit', async () => {
    const { user, fetchMock } = open({
      ...formRoutes,
      'GET /api/bleed-kits/1': json(kits[0]),
      'DELETE /api/bleed-kits/1': () => json({ message: 'Kit deleted' }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Pending Kits (1)' }));
    await user.click(within(await screen.findByRole('article', { name: 'Station Road Pharmacy' })).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit Kit/ });
    await within(dialog).findByLabelText('Location Name');
    expect(within(dialog).getByLabelText('Status')).toHaveValue('pending');

    await user.click(within(dialog).getByRole('button', { name: 'Delete Kit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Kit' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete kit KIT-001 (Station Road Pharmacy)? This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Kit deleted')).toBeInTheDocument();
    expect(fetchMock.calls()).toContain('DELETE /api/bleed-kits/1');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Edit Kit/ })).not.toBeInTheDocument());
  });
});
