import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ManufacturerMessages, type ManufacturerRow } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { anAdmin } from '../admin.fixtures';
// Specs may cross feature lines: the app shell hands the console the shared kit dialogs in the same way.
import { kitDialogs } from '@/features/kit-dialogs';
import { AdminPage } from './admin-page';

// The console mounts many MUI components; a loaded machine needs more than the default 5 s.

afterEach(() => {
  dismissToast();
  jest.restoreAllMocks();
});

const rows: ManufacturerRow[] = [
  { value: 'st_john_ambulance', label: 'st_john_ambulance', kitCount: 3 },
  { value: 'mere', label: 'mere', kitCount: 1 },
  { value: 'other', label: 'other', kitCount: 0 },
];

async function openMakes(routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    'GET /api/test-kits': json([]),
    'GET /api/admin/pending-kits-working': json([]),
    'GET /api/admin/manufacturers': json(rows),
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  renderApp(<AdminPage user={anAdmin()} dialogs={kitDialogs} />);
  await user.click(screen.getByRole('tab', { name: 'Manufacturers' }));
  await screen.findByRole('list', { name: 'Manufacturers' });
  return { user, fetchMock };
}

describe('Manufacturers', () => {
  it('shows names with spaces for underscores and the note about the kit forms', async () => {
    await openMakes();
    expect(screen.getByText('st john ambulance')).toBeInTheDocument();
    expect(screen.getByText(/appear in the kit registration and edit forms/)).toBeInTheDocument();
  });

  it("never offers Remove for 'other'", async () => {
    await openMakes();
    expect(screen.getByRole('button', { name: 'Edit other' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove other' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove mere' })).toBeInTheDocument();
  });

  it('keeps Add disabled while the trimmed name is empty and previews the normalised key', async () => {
    const { user } = await openMakes();
    const add = screen.getByRole('button', { name: 'Add Manufacturer' });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Manufacturer name'), '   ');
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Manufacturer name'), 'Acme Med-Kits Ltd.');
    expect(add).toBeEnabled();
    expect(screen.getByText('Saved as: acme_medkits_ltd')).toBeInTheDocument();
  });

  it('adds a manufacturer', async () => {
    const { user, fetchMock } = await openMakes({
      'POST /api/admin/manufacturers': json({ value: 'acme_medkits', label: 'acme medkits', kitCount: 0 }, 201),
    });
    await user.type(screen.getByLabelText('Manufacturer name'), 'Acme MedKits');
    await user.click(screen.getByRole('button', { name: 'Add Manufacturer' }));
    expect(await screen.findByText('Manufacturer added')).toBeInTheDocument();
    expect(await fetchMock.bodies('POST /api/admin/manufacturers')).toEqual([{ name: 'Acme MedKits' }]);
    expect(screen.getByLabelText('Manufacturer name')).toHaveValue('');
  });

  it('refuses a duplicate (after normalisation) without calling the server', async () => {
    const { user, fetchMock } = await openMakes();
    await user.type(screen.getByLabelText('Manufacturer name'), 'St John  Ambulance');
    await user.click(screen.getByRole('button', { name: 'Add Manufacturer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ManufacturerMessages.duplicate);
    expect(fetchMock.calls()).not.toContain('POST /api/admin/manufacturers');
  });

  it('refuses a name with nothing left after normalisation', async () => {
    const { user, fetchMock } = await openMakes();
    await user.type(screen.getByLabelText('Manufacturer name'), '!!!');
    await user.click(screen.getByRole('button', { name: 'Add Manufacturer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ManufacturerMessages.nameRequired);
    expect(fetchMock.calls()).not.toContain('POST /api/admin/manufacturers');
  });

  it("shows the server's duplicate message", async () => {
    const { user } = await openMakes({ 'POST /api/admin/manufacturers': json({ message: ManufacturerMessages.duplicate }, 409) });
    await user.type(screen.getByLabelText('Manufacturer name'), 'Brand New');
    await user.click(screen.getByRole('button', { name: 'Add Manufacturer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ManufacturerMessages.duplicate);
  });

  it('asks before removing, and sends the value', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const urls: string[] = [];
    const { user, fetchMock } = await openMakes({
      'DELETE /api/admin/manufacturers': (req) => {
        urls.push(req.url);
        return json({ message: 'Manufacturer mere removed' });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Remove mere' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(fetchMock.calls()).not.toContain('DELETE /api/admin/manufacturers');
    await user.click(screen.getByRole('button', { name: 'Remove mere' }));
    expect(await screen.findByText('Manufacturer mere removed')).toBeInTheDocument();
    expect(new URL(urls[0]).searchParams.get('value')).toBe('mere');
  });

  it('renames the display label', async () => {
    const { user, fetchMock } = await openMakes({ 'PUT /api/admin/manufacturers': json({ value: 'mere', label: 'Mere Medical', kitCount: 1 }) });
    await user.click(screen.getByRole('button', { name: 'Edit mere' }));
    const form = screen.getByRole('form', { name: 'Rename mere' });
    await user.clear(within(form).getByLabelText('Display name'));
    await user.type(within(form).getByLabelText('Display name'), 'Mere Medical');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Manufacturer updated')).toBeInTheDocument();
    expect(await fetchMock.bodies('PUT /api/admin/manufacturers')).toEqual([{ value: 'mere', label: 'Mere Medical' }]);
  });
});
