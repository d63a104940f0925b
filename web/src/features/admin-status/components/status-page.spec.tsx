import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SystemStatus } from '@bleedkits/contracts';
import { aUser, json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { StatusPage } from './status-page';

const admin = aUser({ role: 'admin', email: 'admin@example.org' });

const STATUS: SystemStatus = {
  checkedAt: '2027-03-10T12:00:00.000Z',
  level: 'red',
  items: [
    { id: 'backups', title: 'Backups', level: 'green', reason: 'The last good backup was 3 hours ago.' },
    { id: 'cloud_copies', title: 'Cloud copies (Dropbox)', level: 'red', reason: 'Dropbox no longer accepts the connection.' },
    { id: 'email', title: 'E-mail', level: 'green', reason: 'No e-mail failed or waiting.' },
    { id: 'reminder_runs', title: 'Reminder runs', level: 'amber', reason: 'No reminder run has finished yet.' },
    { id: 'ambulance_feeds', title: 'Ambulance service feeds', level: 'green', reason: 'No ambulance service feed keys are in use.' },
  ],
};

describe(StatusPage.name, () => {
  it('shows each item in words with its level, the overall state first, and checks again on request', async () => {
    const fetchMock = mockFetch({ 'GET /api/admin/status': json(STATUS) });
    renderApp(<StatusPage user={admin} />, { path: '/admin/status' });
    expect(await screen.findByRole('heading', { name: 'System Status', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Something is failing. The admins have been e-mailed.')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Status items' })).getAllByRole('listitem');
    expect(items.map((i) => [within(i).getByRole('heading').textContent, i.textContent?.includes('Failing') ? 'red' : undefined])).toEqual([
      ['Backups', undefined],
      ['Cloud copies (Dropbox)', 'red'],
      ['E-mail', undefined],
      ['Reminder runs', undefined],
      ['Ambulance service feeds', undefined],
    ]);
    const cloud = screen.getByRole('listitem', { name: 'Cloud copies (Dropbox)' });
    expect(within(cloud).getByText('Failing')).toBeInTheDocument();
    expect(within(cloud).getByText('Dropbox no longer accepts the connection.')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Reminder runs' })).getByText('Needs attention')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Backups' })).getByText('Healthy')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(fetchMock.calls().filter((c) => c === 'GET /api/admin/status').length).toBe(2);
  });

  it('says everything works when every item is green', async () => {
    mockFetch({ 'GET /api/admin/status': json({ ...STATUS, level: 'green', items: STATUS.items.map((i) => ({ ...i, level: 'green' })) }) });
    renderApp(<StatusPage user={admin} />);
    expect(await screen.findByText('Everything is working.')).toBeInTheDocument();
  });

  it('a signed-in user who is not an admin gets the permission message and no call is made', () => {
    const fetchMock = mockFetch({});
    renderApp(<StatusPage user={aUser()} />);
    expect(screen.getByText("You don't have permission to access this page. Admin access is required.")).toBeInTheDocument();
    expect(fetchMock.calls()).toEqual([]);
  });
});
