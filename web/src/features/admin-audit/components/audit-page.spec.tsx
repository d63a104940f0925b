import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@bleedkits/contracts';
import { aUser, json, mockFetch } from '@/test/fetch-mock';
import { ADMIN_PERMISSION_MESSAGE } from '@/components/admin-only-page';
import { renderApp } from '@/test/render';
import { AUDIT_PAGE_SIZE, AuditPage } from './audit-page';

const admin = aUser({ role: 'admin', email: 'admin@example.org' });
const entry = (id: string, fields: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2027-03-10T12:00:00.000Z',
  actor: { id: 'a-1', email: 'admin@example.org', role: 'admin' },
  action: 'user.role-changed',
  target: { type: 'user', id: 'u-1', label: 'Ann Lee <ann@example.org>' },
  before: { role: 'user' },
  after: { role: 'admin' },
  requestId: null,
  ...fields,
});

describe(AuditPage.name, () => {
  it('lists entries newest first with who, what, target and changes, and pages older and newer by cursor', async () => {
    const asked: URLSearchParams[] = [];
    mockFetch({
      'GET /api/admin/audit': (request) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        return params.get('cursor') === 'c-2'
          ? json({
              items: [
                entry('e-1', {
                  action: 'kit.deleted',
                  target: { type: 'kit', id: '7', label: 'BCK-7: Hall' },
                  after: null,
                  before: { city: 'Hale' },
                }),
              ],
              next: null,
            })
          : json({ items: [entry('e-2')], next: 'c-2' });
      },
    });
    const user = userEvent.setup();
    renderApp(<AuditPage user={admin} />, { path: '/admin/audit' });
    expect(await screen.findByRole('heading', { name: 'Audit Trail', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row).getByText('admin@example.org (admin)')).toBeInTheDocument();
    expect(within(row).getByText('Role changed')).toBeInTheDocument();
    expect(within(row).getByText('User: Ann Lee <ann@example.org>')).toBeInTheDocument();
    expect(within(row).getByText('role: user → admin')).toBeInTheDocument();
    expect(asked[0].get('limit')).toBe(String(AUDIT_PAGE_SIZE));
    expect(screen.getByRole('button', { name: 'Newer entries' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(await screen.findByText('Kit deleted')).toBeInTheDocument();
    expect(screen.getByText('city: Hale (removed)')).toBeInTheDocument();
    expect(asked.at(-1)!.get('cursor')).toBe('c-2');
    expect(screen.getByRole('button', { name: 'Older entries' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Newer entries' }));
    expect(await screen.findByText('Role changed')).toBeInTheDocument();
  });

  it('sends the filters (actor, action, target, dates; "to" takes in the whole day) and starts again from the newest', async () => {
    const asked: URLSearchParams[] = [];
    mockFetch({
      'GET /api/admin/audit': (request) => {
        asked.push(new URL(request.url).searchParams);
        return json({ items: [], next: null });
      },
    });
    const user = userEvent.setup();
    renderApp(<AuditPage user={admin} />);
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Filters' });
    await user.type(within(form).getByLabelText('Actor e-mail'), 'boss@');
    await user.click(within(form).getByLabelText('Action'));
    await user.click(await screen.findByRole('option', { name: 'Kit approved' }));
    await user.click(within(form).getByLabelText('Target'));
    await user.click(await screen.findByRole('option', { name: 'Kit' }));
    await user.type(within(form).getByLabelText('Target id'), '42');
    await user.type(within(form).getByLabelText('From'), '2027-03-01');
    await user.type(within(form).getByLabelText('To'), '2027-03-10');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await screen.findByText('No entries match these filters.');
    const last = asked.at(-1)!;
    expect(Object.fromEntries(last)).toEqual({
      actorEmail: 'boss@',
      action: 'kit.approved',
      targetType: 'kit',
      targetId: '42',
      from: '2027-03-01',
      to: '2027-03-11',
      limit: String(AUDIT_PAGE_SIZE),
    });
  });

  it("shows the server's refusal in words", async () => {
    mockFetch({ 'GET /api/admin/audit': json({ message: 'from must be a date (YYYY-MM-DD) or an ISO time' }, 400) });
    renderApp(<AuditPage user={admin} />);
    expect(await screen.findByText('from must be a date (YYYY-MM-DD) or an ISO time')).toBeInTheDocument();
  });

  it('tells a user who is not an admin that they may not see it', async () => {
    const fetchMock = mockFetch({});
    renderApp(<AuditPage user={aUser({ role: 'user' })} />);
    expect(await screen.findByText(ADMIN_PERMISSION_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Audit Trail', level: 1 })).not.toBeInTheDocument();
    expect(fetchMock.calls()).toEqual([]);
  });
});
