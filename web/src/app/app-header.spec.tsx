import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@/components/toasts/use-toast';
import { aUser, json, mockFetch, signedOut } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { AppHeader } from './app-header';

afterEach(() => dismissToast());

// The desktop navigation is hidden below the md breakpoint by CSS; jsdom applies no media queries,
// so these queries include hidden elements.
const link = (name: string) => screen.queryByRole('link', { name, hidden: true });
const button = (name: string) => screen.queryByRole('button', { name, hidden: true });

describe('AppHeader', () => {
  it('offers Login to a signed-out visitor', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut() });
    renderApp(<AppHeader />);
    expect(await screen.findByRole('link', { name: 'Login', hidden: true })).toHaveAttribute('href', '/auth');
    expect(link('Dashboard')).not.toBeInTheDocument();
    expect(link('Admin')).not.toBeInTheDocument();
    for (const [name, href] of [
      ['Home', '/'],
      ['Register a Kit', '/register-kit'],
      ['Statistics', '/statistics'],
      ['Donate', '/donate'],
      ['About', '/about'],
    ]) {
      expect(link(name)).toHaveAttribute('href', href);
    }
  });

  it('shows Dashboard and Logout but no Admin link to a regular user', async () => {
    mockFetch({ 'GET /api/auth/user': json({ user: aUser({ role: 'user' }) }) });
    renderApp(<AppHeader />);
    expect(await screen.findByRole('link', { name: 'Dashboard', hidden: true })).toHaveAttribute('href', '/dashboard');
    expect(button('Logout')).toBeInTheDocument();
    expect(link('Admin')).not.toBeInTheDocument();
    expect(link('Login')).not.toBeInTheDocument();
  });

  it('shows the Admin link only to a user whose role is admin', async () => {
    mockFetch({ 'GET /api/auth/user': json({ user: aUser({ role: 'admin' }) }) });
    renderApp(<AppHeader />);
    expect(await screen.findByRole('link', { name: 'Admin', hidden: true })).toHaveAttribute('href', '/admin');
  });

  it('lists Contact in the mobile menu', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/auth/user': signedOut() });
    renderApp(<AppHeader />);
    await user.click(screen.getByRole('button', { name: 'Open menu', hidden: true }));
    const menu = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(menu).toContainElement(screen.getByRole('link', { name: 'Contact' }));
  });

  it('logs out: pending text, a goodbye toast, then the Login button', async () => {
    const user = userEvent.setup();
    let finishLogout: (r: Response) => void = () => undefined;
    const fetchMock = mockFetch({
      'GET /api/auth/user': json({ user: aUser() }),
      'POST /api/auth/user': () => new Promise<Response>((resolve) => (finishLogout = resolve)),
    });
    renderApp(<AppHeader />);
    await user.click(await screen.findByRole('button', { name: 'Logout', hidden: true }));
    expect(await screen.findByRole('button', { name: 'Logging out...', hidden: true })).toBeDisabled();

    finishLogout(new Response(null, { status: 204 }));
    expect(await screen.findByText('Goodbye!')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Login', hidden: true })).toBeInTheDocument();
    expect(fetchMock.calls()).toContain('POST /api/auth/user');
  });

  it('keeps the session and says so when logout fails', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/auth/user': json({ user: aUser() }),
      'POST /api/auth/user': () => json({ message: 'Bad gateway' }, 502),
    });
    renderApp(<AppHeader />);
    await user.click(await screen.findByRole('button', { name: 'Logout', hidden: true }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    await waitFor(() => expect(button('Logout')).toBeEnabled());
    expect(link('Login')).not.toBeInTheDocument();
  });
});
