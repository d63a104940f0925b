import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VerificationMessages, dueAfterCheck } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { aKit } from '@/test/a-kit';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { KitDetailDialog } from './kit-detail-dialog';

afterEach(() => dismissToast());

const toastText = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>('[data-toast]');
    expect(el).not.toBeNull();
    return (el as HTMLElement).textContent ?? '';
  });

const overdueKit = aKit({
  id: 12,
  locationName: 'Scout Hut',
  serialNumber: 'SN-12',
  lastVerifiedAt: '2025-01-02T10:00:00.000Z',
  nextVerificationDue: '2025-07-02',
  verificationStatus: 'overdue',
  tourniquetExpiry: '2025-05-01',
  verificationChecks: [
    {
      id: 1,
      checkedAt: '2025-01-02T10:00:00.000Z',
      checkedBy: 'u-1',
      checkedByEmail: 'jo@example.org',
      cabinetAccessible: true,
      kitPresent: true,
      sealIntact: true,
      tourniquetExpiry: '2025-05-01',
      dressingsExpiry: null,
      notes: 'all fine',
      passed: true,
    },
  ],
});

async function openChecklist() {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  renderApp(<KitDetailDialog kitId={12} open onClose={jest.fn()} onEdit={jest.fn()} />);
  const detail = await screen.findByRole('dialog', { name: /Scout Hut/ });
  await user.click(within(detail).getByRole('button', { name: 'Verify Kit' }));
  return { user, checklist: await screen.findByRole('dialog', { name: /^Verify Kit/ }), detail };
}

describe('the verification checklist (opened by the detail dialog’s Verify Kit button)', () => {
  it('shows the due date, the overdue note, consumables to replace and the check history in the detail dialog', async () => {
    mockFetch({ 'GET /api/bleed-kits/12': json(overdueKit) });
    renderApp(<KitDetailDialog kitId={12} open onClose={jest.fn()} onEdit={jest.fn()} />);
    const history = within(await screen.findByRole('region', { name: 'Verification History' }));
    expect(history.getByText(/Verification Overdue/)).toBeInTheDocument();
    expect(history.getByText(/Tourniquet \(expires 01\/05\/2025\)/)).toBeInTheDocument();
    expect(history.getByText('02/01/2025 by jo@example.org: passed (all fine)')).toBeInTheDocument();
    expect(screen.getByText('02/07/2025')).toBeInTheDocument();
  });

  it('asks every question before sending, then records a passing check', async () => {
    const fetchMock = mockFetch({
      'GET /api/bleed-kits/12': json(overdueKit),
      'POST /api/bleed-kits/12/verify': json({ ...overdueKit, nextVerificationDue: dueAfterCheck(new Date()), verificationStatus: 'verified' }),
    });
    const { user, checklist } = await openChecklist();
    await user.click(within(checklist).getByRole('button', { name: 'Record Check' }));
    expect(within(checklist).getAllByText(VerificationMessages.checklistBoolean)).toHaveLength(3);
    expect(fetchMock.calls()).not.toContain('POST /api/bleed-kits/12/verify');

    for (const question of ['Cabinet or location accessible', 'Kit present', 'Seal intact']) {
      await user.click(within(within(checklist).getByRole('radiogroup', { name: question })).getByLabelText('Yes'));
    }
    await user.type(within(checklist).getByLabelText('Tourniquet expiry (optional)'), '2027-03-01');
    await user.type(within(checklist).getByLabelText('Notes (optional)'), 'new seal fitted');
    await user.click(within(checklist).getByRole('button', { name: 'Record Check' }));
    await waitFor(() => expect(fetchMock.calls()).toContain('POST /api/bleed-kits/12/verify'));
    expect(await fetchMock.bodies('POST /api/bleed-kits/12/verify')).toEqual([
      {
        cabinetAccessible: true,
        kitPresent: true,
        sealIntact: true,
        tourniquetExpiry: '2027-03-01',
        dressingsExpiry: null,
        notes: 'new seal fitted',
      },
    ]);
    expect(await toastText()).toMatch(/Kit verified/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Verify Kit/ })).not.toBeInTheDocument());
  });

  it('warns that a failed item marks the kit Needs Verification, and shows a server refusal', async () => {
    mockFetch({
      'GET /api/bleed-kits/12': json(overdueKit),
      'POST /api/bleed-kits/12/verify': json({ message: 'Kit not found' }, 404),
    });
    const { user, checklist } = await openChecklist();
    await user.click(within(within(checklist).getByRole('radiogroup', { name: 'Cabinet or location accessible' })).getByLabelText('Yes'));
    await user.click(within(within(checklist).getByRole('radiogroup', { name: 'Kit present' })).getByLabelText('No'));
    await user.click(within(within(checklist).getByRole('radiogroup', { name: 'Seal intact' })).getByLabelText('No'));
    expect(within(checklist).getByText(/marked Needs Verification \(kit missing, seal broken\)/)).toBeInTheDocument();
    await user.click(within(checklist).getByRole('button', { name: 'Record Check' }));
    expect(await toastText()).toMatch(/Verification failed.*Kit not found/);
    expect(screen.getByRole('dialog', { name: /^Verify Kit/ })).toBeInTheDocument();
  });
});
