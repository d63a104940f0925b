import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Kit } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { aKit, daysFromNow } from '@/test/a-kit';
import { aUser, json, mockFetch, type Routes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
// Specs may cross feature lines: the app shell wires the real dialogs in the same way.
import { kitDialogs } from '@/features/kit-dialogs';
import { DashboardPage } from './dashboard-page';

afterEach(() => dismissToast());

function open(kits: Kit[] | (() => Response), routes: Routes = {}, path = '/dashboard') {
  const list = typeof kits === 'function' ? kits : () => json({ kits, userRole: 'user' });
  const fetchMock = mockFetch({ 'GET /api/bleed-kits/user': list, ...routes });
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const app = renderApp(<DashboardPage user={aUser({ firstName: 'Jo' })} dialogs={kitDialogs} />, { path });
  return { user, fetchMock, ...app };
}

const table = () => screen.getByRole('table', { name: 'My kits' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const kitIds = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0].textContent);
const many = (n: number) => Array.from({ length: n }, (_, i) => aKit({ id: i + 1, locationName: `Site ${String(i + 1).padStart(2, '0')}` }));

describe('DashboardPage', () => {
  it('greets the user, links the actions and shows a loading message first', async () => {
    open([aKit()]);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Jo' })).toBeInTheDocument();
    expect(screen.getByText('Loading your kits...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register New Kit' })).toHaveAttribute('href', '/register-kit');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/account-settings');
    expect(screen.getByRole('tab', { name: 'My Kits' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'My kits' })).toBeInTheDocument();
  });

  it('lists kits with BCK- ids, type and status badges, availability and en-GB expiry dates', async () => {
    open([
      aKit({
        id: 12,
        locationName: 'Village Hall',
        status: 'pending',
        expiryDate: '2028-03-09',
        openingHours: 'Mon-Fri: 09:00-17:00; Closed: Sat, Sun',
      }),
      aKit({ id: 13, locationName: 'Bus Depot', locationType: 'locked_cabinet', expiryDate: daysFromNow(-2), deploymentStatus: 'deployed' }),
      aKit({ id: 14, locationName: 'Market', status: 'rejected' }),
    ]);
    await screen.findByRole('table', { name: 'My kits' });
    const [hall, depot, market] = bodyRows();
    expect(within(hall).getByText('BCK-12')).toBeInTheDocument();
    expect(within(hall).getByText('Village Hall')).toBeInTheDocument();
    expect(within(hall).getByText('Unlocked Cabinet')).toBeInTheDocument();
    expect(within(hall).getByText('Pending Approval')).toBeInTheDocument();
    expect(within(hall).getByText('Mon-Fri: 09:00-17:00; Closed: Sat, Sun')).toBeInTheDocument();
    expect(within(hall).getByText('09/03/2028')).toBeInTheDocument();
    expect(within(hall).getByRole('button', { name: 'Change deployment status (currently Available)' })).toBeInTheDocument();
    expect(within(depot).getByText('Locked Cabinet')).toBeInTheDocument();
    expect(within(depot).getByText('Expired')).toBeInTheDocument();
    expect(within(depot).getByRole('button', { name: 'Change deployment status (currently Deployed)' })).toBeInTheDocument();
    expect(within(market).getByText('Rejected')).toBeInTheDocument();

    expect(within(screen.getByRole('region', { name: 'Active Kits' })).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Expired Kits' })).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Expiring Soon' })).getByText('0')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Expiring Soon' })).getByText('Expiring within 3 months')).toBeInTheDocument();
  });

  it('filters by text, status, type and expiry, and clears them', async () => {
    const { user } = open([
      aKit({ id: 1, locationName: 'Village Hall', postcode: 'LS1 1AA' }),
      aKit({ id: 2, locationName: 'Cricket Club', postcode: 'YO1 7HH', status: 'pending', locationType: 'locked_cabinet' }),
      aKit({ id: 3, locationName: 'Anchor Pub', postcode: 'HU1 1AA', expiryDate: daysFromNow(-10) }),
      aKit({ id: 4, locationName: 'Zoo Gate', postcode: 'LS2 2BB', expiryDate: daysFromNow(15), status: 'rejected' }),
    ]);
    await screen.findByRole('table', { name: 'My kits' });

    await user.type(screen.getByLabelText('Search'), 'yo1');
    expect(kitIds()).toEqual(['BCK-2']);
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(kitIds()).toHaveLength(4);

    await user.selectOptions(screen.getByLabelText('Status'), 'rejected');
    expect(kitIds()).toEqual(['BCK-4']);
    await user.selectOptions(screen.getByLabelText('Status'), 'all');

    await user.selectOptions(screen.getByLabelText('Location Type'), 'locked_cabinet');
    expect(kitIds()).toEqual(['BCK-2']);
    await user.selectOptions(screen.getByLabelText('Location Type'), 'all');

    await user.selectOptions(screen.getByLabelText('Expiry'), 'expired');
    expect(kitIds()).toEqual(['BCK-3']);
    await user.selectOptions(screen.getByLabelText('Expiry'), 'expiring_soon');
    expect(kitIds()).toEqual(['BCK-4']);

    await user.type(screen.getByLabelText('Search'), 'nowhere');
    expect(screen.getByText('No matches found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(kitIds()).toHaveLength(4);
  });

  it('sorts by the chosen field and direction', async () => {
    const { user } = open([
      aKit({ id: 1, locationName: 'Bravo', createdAt: '2025-02-01T00:00:00Z' }),
      aKit({ id: 2, locationName: 'alpha', createdAt: '2025-03-01T00:00:00Z' }),
      aKit({ id: 3, locationName: 'Charlie', createdAt: '2025-01-01T00:00:00Z' }),
    ]);
    await screen.findByRole('table', { name: 'My kits' });
    expect(kitIds()).toEqual(['BCK-1', 'BCK-2', 'BCK-3']);
    expect(within(screen.getByLabelText('Sort By')).getByRole('option', { name: 'Registration Date' })).toHaveValue('createdAt');

    await user.selectOptions(screen.getByLabelText('Sort By'), 'locationName');
    expect(kitIds()).toEqual(['BCK-2', 'BCK-1', 'BCK-3']);
    await user.selectOptions(screen.getByLabelText('Direction'), 'Z-A / Newest');
    expect(kitIds()).toEqual(['BCK-3', 'BCK-1', 'BCK-2']);
    await user.selectOptions(screen.getByLabelText('Sort By'), 'Registration Date');
    expect(kitIds()).toEqual(['BCK-2', 'BCK-1', 'BCK-3']);
    await user.selectOptions(screen.getByLabelText('Direction'), 'A-Z / Oldest');
    expect(kitIds()).toEqual(['BCK-3', 'BCK-1', 'BCK-2']);
  });

  it('pages 25 at a time by default, moves between pages, and returns to page 1 on any change', async () => {
    const { user } = open(many(30));
    await screen.findByRole('table', { name: 'My kits' });
    expect(screen.getByLabelText('Per page')).toHaveValue('25');
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText('Showing 1-25 of 30 kits')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 26-30 of 30 kits')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Sort By'), 'locationName');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Per page'), '10');
    expect(screen.getByText('Showing 1-10 of 30 kits')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 21-30 of 30 kits')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search'), 'Site 0');
    expect(screen.getByText('Showing 1-9 of 9 kits')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('shows the empty state with a link to register the first kit', async () => {
    open([]);
    expect(await screen.findByText('No Registered Kits')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register Your First Kit' })).toHaveAttribute('href', '/register-kit');
  });

  it.each([
    ['a 404', () => json({ message: 'Not Found' }, 404)],
    ['a message saying no kits', () => json({ message: 'No kits registered yet' }, 400)],
  ])('shows the empty state for %s', async (_name, answer) => {
    open(answer);
    expect(await screen.findByText('No Registered Kits')).toBeInTheDocument();
  });

  it('shows the load error otherwise', async () => {
    open(() => json({ message: 'Database unavailable' }, 500));
    expect(await screen.findByText('Error loading your kits. Please try again.')).toBeInTheDocument();
  });

  it('switches to the hidden Bulk Upload tab', async () => {
    const { user } = open([aKit()]);
    expect(screen.queryByRole('tab', { name: 'Bulk Upload' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bulk Upload' }));
    expect(screen.getByRole('tab', { name: 'Bulk Upload' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/All imported kits need admin approval/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload & Register' })).toBeDisabled();
  });

  it('changes the deployment status through the dialog and refreshes the list', async () => {
    let deployed = false;
    const kit = aKit({ id: 21, locationName: 'Village Hall' });
    const { user, fetchMock } = open(() => json({ kits: [{ ...kit, deploymentStatus: deployed ? 'deployed' : 'available' }], userRole: 'user' }), {
      'POST /api/bleed-kits/21/deployment-status': () => {
        deployed = true;
        return json({ ...kit, deploymentStatus: 'deployed' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Change deployment status (currently Available)' }));
    const dialog = await screen.findByRole('dialog', { name: /Update Deployment Status/ });
    expect(within(dialog).getByRole('radio', { name: 'Available' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Deployed' }));
    await user.type(within(dialog).getByLabelText('Notes (optional)'), 'Used at a road accident');
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));

    expect(await screen.findByText('Kit status updated')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Change deployment status (currently Deployed)' })).toBeInTheDocument();
    expect(await fetchMock.bodies('POST /api/bleed-kits/21/deployment-status')).toEqual([{ status: 'deployed', notes: 'Used at a road accident' }]);
    expect(fetchMock.calls().filter((c) => c === 'GET /api/bleed-kits/user')).toHaveLength(2);
  });

  it('opens the kit details and moves on to the edit dialog', async () => {
    const kit = aKit({ id: 5, locationName: 'Village Hall', serialNumber: 'SN-555' });
    const { user } = open([kit], {
      'GET /api/bleed-kits/5': () => json(kit),
      'GET /api/config': () => new Response('Google Maps API key not configured', { headers: { 'Content-Type': 'text/plain' } }),
      'GET /api/config/manufacturers': () => json([{ value: 'daniel_baird_foundation', label: 'Daniel Baird Foundation (Turtle)' }]),
      'GET /api/config/ambulance-services': () => json([{ value: 'yorkshire', label: 'Yorkshire' }]),
    });
    await user.click(await screen.findByRole('button', { name: 'View details' }));
    const details = await screen.findByRole('dialog', { name: /Village Hall/ });
    expect(await within(details).findByText('Serial Number: SN-555')).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Edit Kit' }));
    const edit = await screen.findByRole('dialog', { name: /Edit Kit/ });
    expect(await within(edit).findByLabelText('Serial Number')).toHaveValue('SN-555');
    expect(within(edit).getByRole('button', { name: 'Delete Kit' })).toBeInTheDocument();
  });

  describe('the reminder e-mails’ links', () => {
    const address = (app: { router: { state: { location: { pathname: string; search: string } } } }) =>
      `${app.router.state.location.pathname}${app.router.state.location.search}`;
    const overdue = aKit({ id: 7, locationName: 'Scout Hut', serialNumber: 'SN-7', nextVerificationDue: daysFromNow(-12) });
    const dueSoon = aKit({ id: 8, locationName: 'Village Hall', serialNumber: 'SN-8', nextVerificationDue: daysFromNow(10) });
    const current = aKit({ id: 9, locationName: 'Cricket Club', serialNumber: 'SN-9', nextVerificationDue: daysFromNow(150) });

    it('?verify=<kitId> opens that kit’s check once the list has loaded, records it, and leaves the address without it', async () => {
      const app = open(
        [overdue, dueSoon],
        { 'POST /api/bleed-kits/7/verify': () => json({ ...overdue, nextVerificationDue: daysFromNow(182) }) },
        '/dashboard?verify=7',
      );
      expect(screen.getByText('Loading your kits...')).toBeInTheDocument();
      const dialog = await screen.findByRole('dialog', { name: /Verify Kit/ });
      expect(within(dialog).getByText('Scout Hut (SN-7)')).toBeInTheDocument();
      for (const group of within(dialog).getAllByRole('radiogroup')) await app.user.click(within(group).getByRole('radio', { name: 'Yes' }));
      await app.user.click(within(dialog).getByRole('button', { name: 'Record Check' }));

      expect(await screen.findByText('Kit verified')).toBeInTheDocument();
      expect(await app.fetchMock.bodies('POST /api/bleed-kits/7/verify')).toEqual([
        { cabinetAccessible: true, kitPresent: true, sealIntact: true, tourniquetExpiry: null, dressingsExpiry: null, notes: null },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(address(app)).toBe('/dashboard');
    });

    it('closing the check without recording it removes ?verify= and keeps the other parameters', async () => {
      const app = open([overdue, dueSoon], {}, '/dashboard?verification=overdue&verify=8');
      const dialog = await screen.findByRole('dialog', { name: /Verify Kit/ });
      expect(within(dialog).getByText('Village Hall (SN-8)')).toBeInTheDocument();
      await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(address(app)).toBe('/dashboard?verification=overdue');
      expect(app.fetchMock.calls()).not.toContain('POST /api/bleed-kits/8/verify');
    });

    it('says so when the linked kit is not one of the user’s, and Dismiss removes the link', async () => {
      const app = open([overdue], {}, '/dashboard?verify=4242');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Kit BCK-4242 is not one of your kits, so it cannot be verified here. If the reminder was sent to another account, sign in with that account.',
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(kitIds()).toEqual(['BCK-7']);
      await app.user.click(screen.getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(address(app)).toBe('/dashboard');
    });

    it('says so when the user has no kits at all', async () => {
      open([], {}, '/dashboard?verify=7');
      expect(await screen.findByText('No Registered Kits')).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('Kit BCK-7 is not one of your kits');
    });

    it.each(['abc', '-3', '0', '7.5', '', '99999999999999999999'])('says a link with ?verify=%s does not name a kit', async (value) => {
      open([overdue], {}, `/dashboard?verify=${encodeURIComponent(value)}`);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This link does not name a kit. Find the kit in the list below and choose Verify Kit in its details.',
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(kitIds()).toEqual(['BCK-7']);
    });

    it('?verification=overdue, due_30 and due open the list filtered to those kits', async () => {
      const first = open(
        [overdue, dueSoon, current, aKit({ id: 10, status: 'pending', nextVerificationDue: daysFromNow(-3) })],
        {},
        '/dashboard?verification=overdue',
      );
      await screen.findByRole('table', { name: 'My kits' });
      expect(kitIds()).toEqual(['BCK-7']);
      expect(screen.getByLabelText('Verification')).toHaveValue('overdue');
      first.unmount();

      const second = open([overdue, dueSoon, current], {}, '/dashboard?verification=due_30');
      await screen.findByRole('table', { name: 'My kits' });
      expect(kitIds()).toEqual(['BCK-8']);
      expect(screen.getByLabelText('Verification')).toHaveValue('due_30');
      second.unmount();

      // An overdue digest's "and N more": overdue or due within 30 days, as the digest lists them.
      open([overdue, dueSoon, current], {}, '/dashboard?verification=due');
      await screen.findByRole('table', { name: 'My kits' });
      expect(kitIds()).toEqual(['BCK-7', 'BCK-8']);
      expect(screen.getByLabelText('Verification')).toHaveDisplayValue('Overdue or due within 30 days');
    });

    it('choosing another verification filter, or clearing them, takes the link’s filter out of the address', async () => {
      const app = open([overdue, dueSoon, current], {}, '/dashboard?verification=overdue');
      await screen.findByRole('table', { name: 'My kits' });
      await app.user.selectOptions(screen.getByLabelText('Verification'), 'all');
      expect(kitIds()).toEqual(['BCK-7', 'BCK-8', 'BCK-9']);
      expect(address(app)).toBe('/dashboard');

      await act(() => app.router.navigate('/dashboard?verification=due_30'));
      await waitFor(() => expect(kitIds()).toEqual(['BCK-8']));
      await app.user.click(screen.getByRole('button', { name: 'Clear Filters' }));
      expect(kitIds()).toEqual(['BCK-7', 'BCK-8', 'BCK-9']);
      expect(address(app)).toBe('/dashboard');
    });

    it('shows every kit and says so when ?verification= names no filter', async () => {
      open([overdue, dueSoon], {}, '/dashboard?verification=soonish');
      await screen.findByRole('table', { name: 'My kits' });
      expect(kitIds()).toEqual(['BCK-7', 'BCK-8']);
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This link asks for a verification filter the dashboard does not have, so all your kits are shown.',
      );
    });
  });
});
