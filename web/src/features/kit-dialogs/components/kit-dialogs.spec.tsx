import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KitMessages } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { aKit } from '@/test/a-kit';
import { json, mockFetch, type Routes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { DeploymentStatusDialog } from './deployment-status-dialog';
import { EditKitDialog } from './edit-kit-dialog';
import { KitDetailDialog } from './kit-detail-dialog';

afterEach(() => dismissToast());

const formRoutes: Routes = {
  'GET /api/config': () => new Response('Google Maps API key not configured', { headers: { 'Content-Type': 'text/plain' } }),
  'GET /api/config/manufacturers': () =>
    json([
      { value: 'daniel_baird_foundation', label: 'Daniel Baird Foundation (Turtle)' },
      { value: 'other', label: 'other' },
    ]),
  'GET /api/config/ambulance-services': () =>
    json([
      { value: 'yorkshire', label: 'Yorkshire' },
      { value: 'unknown', label: 'Unknown' },
    ]),
};

const setup = (routes: Routes) => ({ fetchMock: mockFetch(routes), user: userEvent.setup({ pointerEventsCheck: 0 }) });
const toast = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>('[data-toast]');
    expect(el).not.toBeNull();
    return el as HTMLElement;
  });

describe('KitDetailDialog', () => {
  it('shows the address, kit details, status and custodian, with N/A and Not verified for missing values', async () => {
    const kit = aKit({
      id: 8,
      locationName: 'Village Hall',
      serialNumber: 'SN-888',
      addressLine2: 'Back entrance',
      make: 'other',
      otherMake: 'Acme Trauma',
      what3words: 'filled.count.soap',
      status: 'pending',
      createdAt: '2025-01-10T10:00:00.000Z',
      expiryDate: '2028-01-10',
      custodianPhone: '',
    });
    setup({ 'GET /api/bleed-kits/8': json(kit) });
    const onClose = jest.fn();
    const onEdit = jest.fn();
    renderApp(<KitDetailDialog kitId={8} open onClose={onClose} onEdit={onEdit} />);
    const dialog = await screen.findByRole('dialog', { name: /Village Hall/ });
    expect(await within(dialog).findByText('Serial Number: SN-888')).toBeInTheDocument();
    for (const line of ['8 High Street', 'Back entrance', 'Leeds', 'LS1 1AA']) expect(within(dialog).getByText(line)).toBeInTheDocument();

    const details = within(within(dialog).getByRole('region', { name: 'Kit Details' }));
    expect(details.getByText('Unlocked Cabinet')).toBeInTheDocument();
    expect(details.getByText('Acme Trauma')).toBeInTheDocument();
    expect(details.getByText('N/A')).toBeInTheDocument();
    expect(details.getByText('filled.count.soap')).toBeInTheDocument();

    const status = within(within(dialog).getByRole('region', { name: 'Status Information' }));
    expect(status.getByText('Pending Approval')).toBeInTheDocument();
    expect(status.getByText('10/01/2025')).toBeInTheDocument();
    expect(status.getByText('10/01/2028')).toBeInTheDocument();
    expect(status.getByText('Not verified')).toBeInTheDocument();

    const custodian = within(within(dialog).getByRole('region', { name: 'Custodian Information' }));
    expect(custodian.getByText('Jo Bloggs')).toBeInTheDocument();
    expect(custodian.getByText('jo@example.org')).toBeInTheDocument();
    expect(custodian.getByText('N/A')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Edit Kit' }));
    expect(onEdit).toHaveBeenCalled();
    // 'Verify Kit' opens the checklist (the spec's button only closed the dialog; docs/decisions.md).
    await user.click(within(dialog).getByRole('button', { name: 'Verify Kit' }));
    expect(await screen.findByRole('dialog', { name: /^Verify Kit/ })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says when the kit cannot be loaded', async () => {
    setup({ 'GET /api/bleed-kits/9': json({ message: 'Kit not found' }, 404) });
    renderApp(<KitDetailDialog kitId={9} open onClose={jest.fn()} onEdit={jest.fn()} />);
    expect(await screen.findByText('Failed to load kit details. Please try again.')).toBeInTheDocument();
  });
});

describe('DeploymentStatusDialog', () => {
  it('offers the three statuses, posts {status, notes} and confirms', async () => {
    const kit = aKit({ id: 4, deploymentStatus: 'deployed' });
    const { user, fetchMock } = setup({ 'POST /api/bleed-kits/4/deployment-status': () => json({ ...kit, deploymentStatus: 'unchecked' }) });
    const onClose = jest.fn();
    renderApp(<DeploymentStatusDialog kit={kit} open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: /Update Deployment Status/ });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['available', 'unchecked', 'deployed']);
    expect(within(dialog).getByRole('radio', { name: 'Deployed' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Needs Verification' }));
    await user.type(within(dialog).getByLabelText('Notes (optional)'), 'Restocked, needs a check');
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    expect(await toast()).toHaveTextContent('Kit status updated');
    expect(await fetchMock.bodies('POST /api/bleed-kits/4/deployment-status')).toEqual([{ status: 'unchecked', notes: 'Restocked, needs a check' }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('sends null notes when none were given, and reports a failure', async () => {
    const kit = aKit({ id: 4 });
    const { user, fetchMock } = setup({ 'POST /api/bleed-kits/4/deployment-status': () => json({ message: 'boom' }, 500) });
    const onClose = jest.fn();
    renderApp(<DeploymentStatusDialog kit={kit} open onClose={onClose} />);
    await user.click(screen.getByRole('radio', { name: 'Deployed' }));
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    const shown = await toast();
    expect(shown).toHaveTextContent('Error updating kit status');
    expect(shown).toHaveTextContent('There was a problem updating the kit status. Please try again.');
    expect(await fetchMock.bodies('POST /api/bleed-kits/4/deployment-status')).toEqual([{ status: 'deployed', notes: null }]);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('EditKitDialog', () => {
  const kit = aKit({ id: 3, locationName: 'Village Hall', serialNumber: 'SN-333', manuallyChecked: true, what3words: 'filled.count.soap' });

  it('loads the kit into the form; an owner sees Manually Checked but cannot change it, and saves without it', async () => {
    const { user, fetchMock } = setup({
      ...formRoutes,
      'GET /api/bleed-kits/3': json(kit),
      'PUT /api/admin/kit-edit': () => json({ ...kit, locationName: 'Old School' }),
    });
    const onClose = jest.fn();
    renderApp(<EditKitDialog kitId={3} open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: /Edit Kit/ });
    const name = await within(dialog).findByLabelText('Location Name');
    expect(name).toHaveValue('Village Hall');
    expect(within(dialog).getByLabelText('what3words Address')).toHaveValue('filled.count.soap');
    expect(within(dialog).getByRole('checkbox', { name: 'Manually Checked' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Manually Checked' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Delete Kit' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Assignment')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'History' })).not.toBeInTheDocument();
    // No status field, and only the registration location types.
    expect(within(dialog).queryByLabelText('Status')).not.toBeInTheDocument();
    expect(within(within(dialog).getByLabelText('Location Type')).queryByRole('option', { name: 'Emergency Vehicle' })).not.toBeInTheDocument();

    await user.clear(name);
    await user.paste('Old School');
    await user.click(within(dialog).getByText('Save Changes', { selector: 'button' }));
    expect(await toast()).toHaveTextContent('Kit updated');
    expect(onClose).toHaveBeenCalled();
    const [body] = (await fetchMock.bodies('PUT /api/admin/kit-edit')) as { kitId: number; data: Record<string, unknown> }[];
    expect(body.kitId).toBe(3);
    expect(body.data).toMatchObject({ locationName: 'Old School', serialNumber: 'SN-333', latitude: '53.797', longitude: '-1.5437' });
    expect(body.data).not.toHaveProperty('manuallyChecked');
    expect(body.data).not.toHaveProperty('status');
    expect(body.data).not.toHaveProperty('userId');
  });

  it('validates with the shared rules before saving', async () => {
    const { user, fetchMock } = setup({ ...formRoutes, 'GET /api/bleed-kits/3': json(kit) });
    renderApp(<EditKitDialog kitId={3} open onClose={jest.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: /Edit Kit/ });
    await user.clear(await within(dialog).findByLabelText('City'));
    await user.click(within(dialog).getByText('Save Changes', { selector: 'button' }));
    expect(within(dialog).getByText('City must be at least 2 characters.')).toBeInTheDocument();
    expect(fetchMock.calls()).not.toContain('PUT /api/admin/kit-edit');
  });

  it('reports a failed update with the server message or the fallback', async () => {
    let reply = () => json({ message: 'Only an admin can change manually checked, status or owner.' }, 403);
    const { user } = setup({ ...formRoutes, 'GET /api/bleed-kits/3': json(kit), 'PUT /api/admin/kit-edit': () => reply() });
    renderApp(<EditKitDialog kitId={3} open onClose={jest.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: /Edit Kit/ });
    await within(dialog).findByLabelText('City');
    await user.click(within(dialog).getByText('Save Changes', { selector: 'button' }));
    let shown = await toast();
    expect(shown).toHaveTextContent('Error updating kit');
    expect(shown).toHaveTextContent('Only an admin can change manually checked, status or owner.');

    dismissToast();
    reply = () => new Response('', { status: 500 });
    await user.click(within(dialog).getByText('Save Changes', { selector: 'button' }));
    shown = await toast();
    expect(shown).toHaveTextContent('Failed to update kit. Please try again.');
  });

  it('sends the revision it was opened with, and shows the 409 message when the kit was changed meanwhile', async () => {
    const opened = aKit({ ...kit, revision: 41 });
    const { user, fetchMock } = setup({
      ...formRoutes,
      'GET /api/bleed-kits/3': json(opened),
      'PUT /api/admin/kit-edit': () => json({ message: KitMessages.staleEdit }, 409),
    });
    const onClose = jest.fn();
    renderApp(<EditKitDialog kitId={3} open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: /Edit Kit/ });
    await within(dialog).findByLabelText('City');
    await user.click(within(dialog).getByText('Save Changes', { selector: 'button' }));
    const shown = await toast();
    expect(shown).toHaveTextContent('Error updating kit');
    expect(shown).toHaveTextContent(KitMessages.staleEdit);
    expect(onClose).not.toHaveBeenCalled();
    const [body] = (await fetchMock.bodies('PUT /api/admin/kit-edit')) as { revision: number }[];
    expect(body.revision).toBe(41);
  });

  it("tells the owner when their change sends an approved kit back for an admin's review", async () => {
    const approved = aKit({ ...kit, status: 'active' });
    const { user } = setup({
      ...formRoutes,
      'GET /api/bleed-kits/3': json(approved),
      'PUT /api/admin/kit-edit': () => json({ ...approved, locationName: 'New Name', status: 'pending' }),
    });
    renderApp(<EditKitDialog kitId={3} open onClose={jest.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: /Edit Kit/ });
    const name = await within(dialog).findByLabelText('Location Name');
    await user.clear(name);
    await user.paste('New Name');
    await user.click(within(dialog).getByText('Save Changes', { selector: 'button' }));
    const shown = await toast();
    expect(shown).toHaveTextContent('Kit updated');
    expect(shown).toHaveTextContent(KitMessages.editAwaitsReview);
  });

  it('deletes the kit only after confirmation when the opener offers Delete Kit', async () => {
    const { user, fetchMock } = setup({
      ...formRoutes,
      'GET /api/bleed-kits/3': json(kit),
      'DELETE /api/bleed-kits/3': () => json({ message: 'Kit deleted' }),
    });
    const onClose = jest.fn();
    renderApp(<EditKitDialog kitId={3} open onClose={onClose} allowDelete />);
    const dialog = await screen.findByRole('dialog', { name: /Edit Kit/ });
    await within(dialog).findByLabelText('City');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Kit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Kit' });
    expect(within(confirm).getByText('Are you sure you want to delete this kit? This cannot be undone.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Kit' })).not.toBeInTheDocument());
    expect(fetchMock.calls()).not.toContain('DELETE /api/bleed-kits/3');

    await user.click(within(dialog).getByRole('button', { name: 'Delete Kit' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Kit' })).getByRole('button', { name: 'Delete' }));
    expect(await toast()).toHaveTextContent('Kit deleted');
    expect(fetchMock.calls()).toContain('DELETE /api/bleed-kits/3');
    expect(onClose).toHaveBeenCalled();
  });

  it('reports a failed delete', async () => {
    const { user } = setup({ ...formRoutes, 'GET /api/bleed-kits/3': json(kit), 'DELETE /api/bleed-kits/3': () => json({ message: 'nope' }, 500) });
    renderApp(<EditKitDialog kitId={3} open onClose={jest.fn()} allowDelete />);
    const dialog = await screen.findByRole('dialog', { name: /Edit Kit/ });
    await within(dialog).findByLabelText('City');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Kit' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Kit' })).getByRole('button', { name: 'Delete' }));
    expect(await toast()).toHaveTextContent('Failed to delete the kit. Please try again.');
  });

  it('says so when opened without a kit id', () => {
    setup({});
    renderApp(<EditKitDialog kitId={null} open onClose={jest.fn()} />);
    expect(screen.getByText('No kit ID found for editing')).toBeInTheDocument();
  });

  it('lets an admin change Manually Checked and reassign the kit from the user list', async () => {
    const users = [
      {
        id: 'u-9',
        first_name: 'Sam',
        last_name: 'Owner',
        email: 'sam@example.org',
        role: 'user',
        kit_count: 0,
        created_at: '',
        email_verified: true,
      },
    ];
    const { user, fetchMock } = setup({
      ...formRoutes,
      'GET /api/bleed-kits/3': json(kit),
      'GET /api/admin/user-management': () => json({ users }),
      'PATCH /api/admin/bleed-kits/reassign': () => json({ message: 'Kit reassigned' }),
      'PUT /api/admin/kit-edit': () => json(kit),
    });
    renderApp(<EditKitDialog kitId={3} open onClose={jest.fn()} isAdmin />);
    const dialog = await screen.findByRole('dialog', { name: /Edit Kit/ });
    await within(dialog).findByLabelText('City');
    expect(fetchMock.calls()).not.toContain('GET /api/admin/user-management');

    expect(within(dialog).getByRole('region', { name: 'History' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Load Users' }));
    await user.selectOptions(await within(dialog).findByLabelText('Assign to user'), 'u-9');
    await user.click(within(dialog).getByRole('button', { name: 'Reassign Kit' }));
    expect(await toast()).toHaveTextContent('Kit reassigned');
    expect(await fetchMock.bodies('PATCH /api/admin/bleed-kits/reassign')).toEqual([{ userId: 'u-9', kitId: 3 }]);

    const checked = within(dialog).getByRole('checkbox', { name: 'Manually Checked' });
    expect(checked).toBeEnabled();
    await user.click(checked);
    await user.click(within(dialog).getByText('Save Changes', { selector: 'button' }));
    await waitFor(() => expect(fetchMock.calls()).toContain('PUT /api/admin/kit-edit'));
    const [body] = (await fetchMock.bodies('PUT /api/admin/kit-edit')) as { data: Record<string, unknown> }[];
    expect(body.data.manuallyChecked).toBe(false);
  });

  it('shows No users found when the admin user list is empty', async () => {
    const { user } = setup({ ...formRoutes, 'GET /api/bleed-kits/3': json(kit), 'GET /api/admin/user-management': () => json({ users: [] }) });
    renderApp(<EditKitDialog kitId={3} open onClose={jest.fn()} isAdmin />);
    const dialog = await screen.findByRole('dialog', { name: /Edit Kit/ });
    await within(dialog).findByLabelText('City');
    await user.click(within(dialog).getByRole('button', { name: 'Load Users' }));
    expect(await within(dialog).findByText('No users found')).toBeInTheDocument();
  });
});

/** The admin console and an admin on the dashboard open the same dialog with `isAdmin` (issue #9: one edit dialog). */
describe('EditKitDialog for an admin', () => {
  const kit = aKit({ id: 3, locationName: 'Village Hall', serialNumber: 'SN-333', status: 'active', locationType: 'vehicle' });

  it('offers the status and the admin-only location types, and sends status and manually checked but never the owner', async () => {
    const { user, fetchMock } = setup({
      ...formRoutes,
      'GET /api/bleed-kits/3': json(kit),
      'PUT /api/admin/kit-edit': () => json({ ...kit, status: 'pending', locationType: 'other' }),
    });
    const onClose = jest.fn();
    renderApp(<EditKitDialog kitId={3} open onClose={onClose} isAdmin />);
    const dialog = await screen.findByRole('dialog', { name: /Edit Kit/ });
    const type = await within(dialog).findByLabelText('Location Type');
    expect(type).toHaveValue('vehicle');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Unlocked Cabinet',
      'Locked Cabinet',
      'Building Limited Hours',
      'Building 24/7',
      'Emergency Vehicle',
      'Other Location',
      'Legacy/Unknown',
    ]);
    const status = within(dialog).getByLabelText('Status');
    expect(status).toHaveValue('active');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pending Approval', 'Active', 'Rejected']);
    expect(within(dialog).queryByText('Only an admin can change this.')).not.toBeInTheDocument();

    await user.selectOptions(type, 'other');
    await user.selectOptions(status, 'pending');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Manually Checked' }));
    await user.click(within(dialog).getByText('Save Changes', { selector: 'button' }));
    const shown = await toast();
    // The admin chose the status: no 'awaiting review' notice meant for owners.
    expect(shown).toHaveTextContent('Kit updated');
    expect(shown).not.toHaveTextContent(KitMessages.editAwaitsReview);
    expect(onClose).toHaveBeenCalled();
    const [body] = (await fetchMock.bodies('PUT /api/admin/kit-edit')) as { kitId: number; revision: number; data: Record<string, unknown> }[];
    expect(body).toMatchObject({ kitId: 3, revision: 1 });
    expect(body.data).toMatchObject({ locationType: 'other', status: 'pending', manuallyChecked: true, locationName: 'Village Hall' });
    expect(body.data).not.toHaveProperty('userId');
  });

  it("lists the server's validation messages in the dialog and keeps it open", async () => {
    const errors = ['Serial number is already registered.', 'Postcode is not a UK postcode.'];
    const { user } = setup({
      ...formRoutes,
      'GET /api/bleed-kits/3': json(kit),
      'PUT /api/admin/kit-edit': () => json({ message: 'Validation failed', errors }, 400),
    });
    const onClose = jest.fn();
    renderApp(<EditKitDialog kitId={3} open onClose={onClose} isAdmin />);
    const dialog = await screen.findByRole('dialog', { name: /Edit Kit/ });
    await within(dialog).findByLabelText('City');
    await user.click(within(dialog).getByText('Save Changes', { selector: 'button' }));
    const shown = await toast();
    expect(shown).toHaveTextContent('Error updating kit');
    expect(shown).toHaveTextContent('Validation failed');
    expect(await within(dialog).findByText(errors[0])).toBeInTheDocument();
    expect(within(dialog).getByText(errors[1])).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks with the prompt naming the kit before deleting, and reports a failure with its status and body', async () => {
    const { user, fetchMock } = setup({
      ...formRoutes,
      'GET /api/bleed-kits/3': json(kit),
      'DELETE /api/bleed-kits/3': () => new Response('Kit not found', { status: 404 }),
    });
    const onClose = jest.fn();
    renderApp(<EditKitDialog kitId={3} open onClose={onClose} allowDelete isAdmin />);
    const dialog = await screen.findByRole('dialog', { name: /Edit Kit/ });
    await within(dialog).findByLabelText('City');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Kit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Kit' });
    expect(within(confirm).getByText('Are you sure you want to delete kit SN-333 (Village Hall)? This action cannot be undone.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const shown = await toast();
    expect(shown).toHaveTextContent('Delete failed');
    expect(shown).toHaveTextContent('404: Kit not found');
    expect(fetchMock.calls()).toContain('DELETE /api/bleed-kits/3');
    expect(onClose).not.toHaveBeenCalled();
  });
});
