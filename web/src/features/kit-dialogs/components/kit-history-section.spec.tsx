import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@bleedkits/contracts';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { KitHistorySection } from './kit-history-section';

const admin = { id: 'a-1', email: 'admin@example.org', role: 'admin' as const };
const entry = (id: string, fields: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: '2027-03-10T12:00:00.000Z',
  actor: admin,
  action: 'kit.edited',
  target: { type: 'kit', id: '3', label: 'BCK-3: Village Hall, WA14 1PF (serial S-3)' },
  before: null,
  after: null,
  requestId: null,
  ...fields,
});

describe(KitHistorySection.name, () => {
  it("reads the kit's own entries only when asked, shows who did what and what changed (a code only as changed), and pages to older ones", async () => {
    const asked: string[] = [];
    const fetchMock = mockFetch({
      'GET /api/admin/audit': (request) => {
        const url = new URL(request.url);
        asked.push(url.search);
        return url.searchParams.get('cursor')
          ? json({ items: [entry('e-1', { action: 'kit.approved', before: { status: 'pending' }, after: { status: 'active' } })], next: null })
          : json({
              items: [
                entry('e-2', {
                  before: { locationName: 'Village Hall', cabinetCode: 'changed' },
                  after: { locationName: 'Town Hall', cabinetCode: 'changed' },
                }),
              ],
              next: 'cursor-1',
            });
      },
    });
    const user = userEvent.setup();
    renderApp(<KitHistorySection kitId={3} open />);
    const section = screen.getByRole('region', { name: 'History' });
    expect(fetchMock.calls()).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Show history' }));
    const list = await within(section).findByRole('list', { name: 'Kit history' });
    expect(within(list).getByText(/^Kit edited by admin@example.org/)).toBeInTheDocument();
    expect(within(list).getByText('locationName: Village Hall → Town Hall')).toBeInTheDocument();
    expect(within(list).getByText('cabinetCode: changed → changed')).toBeInTheDocument();
    expect(new URLSearchParams(asked[0])).toEqual(new URLSearchParams('targetType=kit&targetId=3&limit=20'));

    await user.click(within(section).getByRole('button', { name: 'Show older' }));
    expect(await within(list).findByText('status: pending → active')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(new URLSearchParams(asked[1]).get('cursor')).toBe('cursor-1');
    expect(within(section).queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
  });

  it('says when nothing is recorded yet', async () => {
    mockFetch({ 'GET /api/admin/audit': json({ items: [], next: null }) });
    renderApp(<KitHistorySection kitId={3} open />);
    await userEvent.click(screen.getByRole('button', { name: 'Show history' }));
    expect(await screen.findByText('Nothing recorded for this kit yet.')).toBeInTheDocument();
  });
});
