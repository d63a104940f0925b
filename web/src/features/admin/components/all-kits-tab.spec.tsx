import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BulkApproveResponse } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { aKit, anAdmin } from '../admin.fixtures';
// Specs may cross feature lines: the app shell hands the console the shared kit dialogs in the same way.
import { kitDialogs } from '@/features/kit-dialogs';
import { AdminPage } from './admin-page';

// 120 MUI table rows make role queries slow under jsdom.
afterEach(() => dismissToast());

/** 120 kits, serials KIT-001..KIT-120; every third one pending. */
const kits = Array.from({ length: 120 }, (_, i) => aKit(i + 1, { status: (i + 1) % 3 === 0 ? 'pending' : 'active' }));

async function openAllKits(routes: Parameters<typeof mockFetch>[0] = {}, list = kits) {
  const fetchMock = mockFetch({
    'GET /api/test-kits': json(list),
    'GET /api/admin/pending-kits-working': json(list.filter((k) => k.status === 'pending')),
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  renderApp(<AdminPage user={anAdmin()} dialogs={kitDialogs} />);
  await user.click(screen.getByRole('tab', { name: 'All Kits' }));
  await screen.findByLabelText('All kits');
  return { user, fetchMock };
}

/** Plain selectors: role queries over hundreds of rows are slow under jsdom. */
const bodyRows = () => [...screen.getByLabelText('All kits').querySelectorAll('tbody tr')];
const pageButton = (name: string) => within(screen.getByRole('navigation', { name: 'Kit pages' })).getByRole('button', { name });

describe('All Kits paging', () => {
  it('offers 25/50/100/200/500 per page, 50 by default', async () => {
    await openAllKits();
    const size = screen.getByLabelText('Kits per page');
    expect(size).toHaveValue('50');
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['25', '50', '100', '200', '500']);
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByText('Showing 1-50 of 120 kits')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('moves with First, Previous, Next and Last, disabling what cannot move', async () => {
    const { user } = await openAllKits();
    expect(pageButton('First')).toBeDisabled();
    expect(pageButton('Previous')).toBeDisabled();

    await user.click(pageButton('Next'));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('Showing 51-100 of 120 kits')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent('KIT-051');

    await user.click(pageButton('Last'));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByText('Showing 101-120 of 120 kits')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(20);
    expect(pageButton('Next')).toBeDisabled();
    expect(pageButton('Last')).toBeDisabled();

    await user.click(pageButton('Previous'));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await user.click(pageButton('First'));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent('KIT-001');
  });

  it('changes the page size and goes back to the first page', async () => {
    const { user } = await openAllKits();
    await user.click(pageButton('Last'));
    await user.selectOptions(screen.getByLabelText('Kits per page'), '25');
    expect(screen.getByText('Page 1 of 5')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(25);
    await user.selectOptions(screen.getByLabelText('Kits per page'), '500');
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByText('Showing 1-120 of 120 kits')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(120);
  });

  it('searches and sorts', async () => {
    const { user } = await openAllKits();
    await user.type(screen.getByLabelText('Search kits'), 'kit-11');
    expect(screen.getByText('Showing 1-10 of 10 kits')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Serial Number' }));
    expect(bodyRows()[0]).toHaveTextContent('KIT-119');
    expect(screen.getByRole('columnheader', { name: 'Serial Number' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows Unassigned for a kit with no owner', async () => {
    await openAllKits({}, [aKit(1, { userEmail: null, userId: null })]);
    expect(bodyRows()[0]).toHaveTextContent('Unassigned');
  });
});

describe('All Kits bulk approval', () => {
  const few = kits.slice(0, 9);
  const box = (serial: string) => screen.getByLabelText(`Select ${serial}`);
  it('selects some kits, selects and deselects all, and cancels', async () => {
    const { user } = await openAllKits({}, few);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bulk Actions' }));
    const approve = () => screen.getByRole('button', { name: /^Approve Selected/ });
    expect(approve()).toHaveTextContent('Approve Selected (0)');
    expect(approve()).toBeDisabled();

    await user.click(box('KIT-003'));
    await user.click(box('KIT-006'));
    expect(approve()).toHaveTextContent('Approve Selected (2)');

    await user.click(screen.getByRole('button', { name: 'Select All' }));
    expect(approve()).toHaveTextContent('Approve Selected (9)');
    await user.click(screen.getByRole('button', { name: 'Deselect All' }));
    expect(approve()).toHaveTextContent('Approve Selected (0)');

    await user.click(box('KIT-009'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bulk Actions' })).toBeInTheDocument();
  });

  it('posts the selected ids and reports the kits that were not pending', async () => {
    const answer: BulkApproveResponse = { approved: 2, approvedIds: [3, 6], notPending: [1], notFound: [], message: '2 kits approved' };
    const { user, fetchMock } = await openAllKits({ 'POST /api/admin/bulk-approve': json(answer) }, few);
    await user.click(screen.getByRole('button', { name: 'Bulk Actions' }));
    for (const serial of ['KIT-001', 'KIT-003', 'KIT-006']) await user.click(box(serial));
    await user.click(screen.getByRole('button', { name: 'Approve Selected (3)' }));

    expect(await screen.findByTestId('bulk-report')).toHaveTextContent('2 kits approved successfully.');
    expect(screen.getByTestId('bulk-report')).toHaveTextContent('1 selected kits were not pending and were left unchanged: BCK-1 (KIT-001).');
    expect(await fetchMock.bodies('POST /api/admin/bulk-approve')).toEqual([{ kitIds: [1, 3, 6] }]);
    expect(screen.getAllByText('2 kits approved successfully.').length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says so when bulk approval fails, keeping the selection', async () => {
    const { user } = await openAllKits({ 'POST /api/admin/bulk-approve': () => new Response('', { status: 500 }) }, few);
    await user.click(screen.getByRole('button', { name: 'Bulk Actions' }));
    await user.click(box('KIT-003'));
    await user.click(screen.getByRole('button', { name: 'Approve Selected (1)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bulk approval failed');
    expect(box('KIT-003')).toBeChecked();
  });
});
