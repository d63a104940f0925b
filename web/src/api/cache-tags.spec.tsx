import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { kitToFormValues, toKitRegistration } from '@/components/kit-form';
import { dismissToast } from '@/components/toasts/use-toast';
import { adminApi } from '@/features/admin/api';
import { BulkVerificationDatesButton } from '@/features/admin/components/bulk-verification-dates';
import { KitCounter } from '@/features/finder';
import { DeploymentStatusDialog, EditKitDialog, kitDialogsApi } from '@/features/kit-dialogs';
import { registerKitApi } from '@/features/register-kit/api';
import { aKit } from '@/test/a-kit';
import { json, mockFetch, type FetchMock, type Routes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import type { AppStore } from '@/app/store';

/**
 * Issue #9: the public kit counter (GET /api/stats, tag 'Stats') must follow every kit write, not only the writes
 * whose hand-written tag list happened to name 'Stats'. The counter runs without its 60 s poll here, so the only
 * thing that can make it ask again is the write invalidating its cache tag. The writes come from several features,
 * so this spec lives with the tags (./cache-tags.ts), at the app level that composes features.
 */

afterEach(() => dismissToast());

const formRoutes: Routes = {
  'GET /api/config': () => new Response('Google Maps API key not configured', { headers: { 'Content-Type': 'text/plain' } }),
  'GET /api/config/manufacturers': () => json([{ value: 'daniel_baird_foundation', label: 'Daniel Baird Foundation (Turtle)' }]),
  'GET /api/config/ambulance-services': () => json([{ value: 'yorkshire', label: 'Yorkshire' }]),
};

const counterValue = () => screen.queryByTestId('kit-counter-value')?.textContent;
const statsCalls = (fetchMock: FetchMock) => fetchMock.calls().filter((c) => c === 'GET /api/stats').length;
const toast = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>('[data-toast]');
    expect(el).not.toBeNull();
    return el as HTMLElement;
  });

/**
 * Renders the counter (no polling) next to `ui` on one real store, with a stats route whose answer the test
 * changes, and waits for the first figure.
 */
async function counterWith(ui: ReactElement | null, routes: Routes) {
  const stats = { totalKits: 7 };
  const fetchMock = mockFetch({ ...routes, 'GET /api/stats': () => json(stats) });
  const view = renderApp(
    <>
      <KitCounter pollingInterval={0} />
      {ui}
    </>,
  );
  await waitFor(() => expect(counterValue()).toBe('7'));
  expect(statsCalls(fetchMock)).toBe(1);
  return { ...view, fetchMock, stats, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

async function expectCounterRefreshedTo(fetchMock: FetchMock, figure: string) {
  await waitFor(() => expect(statsCalls(fetchMock)).toBe(2));
  await waitFor(() => expect(counterValue()).toBe(figure));
  // What screen readers hear follows too.
  expect(screen.getByText(`${figure} registered bleed kits`)).toHaveAttribute('role', 'status');
}

describe('the kit counter after a kit changes', () => {
  it("asks /api/stats again after an owner's edit and shows the new figure", async () => {
    const kit = aKit({ id: 3, status: 'active', locationName: 'Village Hall' });
    const { fetchMock, stats, user } = await counterWith(<EditKitDialog kitId={3} open onClose={jest.fn()} />, {
      ...formRoutes,
      'GET /api/bleed-kits/3': () => json(kit),
      // The owner's change sends the approved kit back for review: one active kit fewer.
      'PUT /api/admin/kit-edit': () => json({ ...kit, locationName: 'Old School', status: 'pending' }),
    });
    const dialog = await screen.findByRole('dialog', { name: /Edit Kit/ });
    const name = await within(dialog).findByLabelText('Location Name');
    await user.clear(name);
    await user.paste('Old School');
    stats.totalKits = 6;
    await user.click(within(dialog).getByText('Save Changes', { selector: 'button' }));
    expect(await toast()).toHaveTextContent('Kit updated');
    expect(fetchMock.calls()).toContain('PUT /api/admin/kit-edit');

    await expectCounterRefreshedTo(fetchMock, '6');
  });

  it('asks /api/stats again after a deployment-status change and shows the new figure', async () => {
    const kit = aKit({ id: 4, deploymentStatus: 'available' });
    const { fetchMock, stats, user } = await counterWith(<DeploymentStatusDialog kit={kit} open onClose={jest.fn()} />, {
      'POST /api/bleed-kits/4/deployment-status': () => json({ ...kit, deploymentStatus: 'deployed' }),
    });
    await user.click(screen.getByRole('radio', { name: 'Deployed' }));
    stats.totalKits = 8;
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await toast()).toHaveTextContent('Kit status updated');

    await expectCounterRefreshedTo(fetchMock, '8');
  });

  it('asks /api/stats again after the admin bulk update of verification dates', async () => {
    const { fetchMock, stats, user } = await counterWith(<BulkVerificationDatesButton />, {
      'POST /api/admin/bulk-update-verification-dates': () => json({ updatedCount: 7, message: 'Updated' }),
    });
    await user.click(screen.getByRole('button', { name: 'Bulk Update Verification Dates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Update Verification Dates' });
    stats.totalKits = 5;
    await user.click(within(dialog).getByRole('button', { name: 'Update All Active Kits' }));
    expect(await toast()).toHaveTextContent('Verification dates updated');

    await expectCounterRefreshedTo(fetchMock, '5');
  });

  type KitWrite = { write: string; route: string; answer: unknown; run: (store: AppStore) => Promise<unknown> };
  const kit = aKit({ id: 4 });
  const writes: KitWrite[] = [
    {
      write: 'an owner registers a kit',
      route: 'POST /api/bleed-kits',
      answer: kit,
      run: (store) => store.dispatch(registerKitApi.endpoints.custodianRegisterKit.initiate(toKitRegistration(kitToFormValues(kit)))).unwrap(),
    },
    {
      write: 'an owner verifies a kit',
      route: 'POST /api/bleed-kits/4/verify',
      answer: kit,
      run: (store) =>
        store
          .dispatch(
            kitDialogsApi.endpoints.custodianVerifyKit.initiate({
              kitId: 4,
              checklist: { cabinetAccessible: true, kitPresent: true, sealIntact: true },
            }),
          )
          .unwrap(),
    },
    {
      write: 'an owner deletes a kit',
      route: 'DELETE /api/bleed-kits/4',
      answer: { message: 'Kit deleted' },
      run: (store) => store.dispatch(kitDialogsApi.endpoints.custodianDeleteKit.initiate(4)).unwrap(),
    },
    {
      write: 'an admin reassigns a kit',
      route: 'PATCH /api/admin/bleed-kits/reassign',
      answer: { message: 'Kit reassigned' },
      run: (store) => store.dispatch(kitDialogsApi.endpoints.custodianReassignKit.initiate({ kitId: 4, userId: 'u-9' })).unwrap(),
    },
    {
      write: 'an admin approves a kit',
      route: 'GET /api/kit-status',
      answer: { message: 'Kit approved' },
      run: (store) => store.dispatch(adminApi.endpoints.changeKitStatus.initiate({ id: 4, status: 'active' })).unwrap(),
    },
    {
      write: 'an admin approves kits in bulk',
      route: 'POST /api/admin/bulk-approve',
      answer: { message: 'Approved' },
      run: (store) => store.dispatch(adminApi.endpoints.bulkApprove.initiate([4, 5])).unwrap(),
    },
    {
      write: 'an admin deletes a kit',
      route: 'DELETE /api/admin/bleed-kits',
      answer: { message: 'Kit deleted' },
      run: (store) => store.dispatch(adminApi.endpoints.deleteKit.initiate(4)).unwrap(),
    },
    {
      write: 'an admin deletes a user',
      route: 'DELETE /api/admin/user-management',
      answer: { message: 'User deleted' },
      run: (store) => store.dispatch(adminApi.endpoints.deleteUser.initiate('u-9')).unwrap(),
    },
    {
      write: 'an admin cleans serial numbers',
      route: 'POST /api/admin/clean-serial-numbers',
      answer: { updatedCount: 1, message: '1 of 7 kits updated' },
      run: (store) => store.dispatch(adminApi.endpoints.cleanSerialNumbers.initiate()).unwrap(),
    },
  ];

  it.each(writes)('asks /api/stats again when $write', async ({ route, answer, run }) => {
    const { fetchMock, stats, store } = await counterWith(null, { [route]: () => json(answer) });
    stats.totalKits = 9;
    await act(async () => {
      await run(store);
    });
    expect(fetchMock.calls()).toContain(route);

    await expectCounterRefreshedTo(fetchMock, '9');
  });
});
