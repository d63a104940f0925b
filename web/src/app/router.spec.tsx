import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, signedOut } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import type { RouteObject } from 'react-router';
import { PATHS } from '@/config/paths';
import { routes } from './router';

/** Every page load opens the emergency notice, which hides the page from assistive technology until OK. */
async function acknowledgeEmergencyNotice() {
  await userEvent.setup().click(await screen.findByRole('button', { name: 'OK' }));
}

describe('routes', () => {
  beforeEach(() => localStorage.clear());

  it('mounts a page at every named address, and names every address it mounts', () => {
    const mounted = (rs: RouteObject[]): string[] => rs.flatMap((r) => [...(r.path ? [r.path] : []), ...mounted(r.children ?? [])]);
    expect(
      mounted(routes)
        .filter((p) => p !== '*')
        .sort(),
    ).toEqual(Object.values(PATHS).sort());
  });

  it.each(['/no-such-page', '/registerr'])('shows the not-found screen at %s', async (path) => {
    mockFetch({ 'GET /api/auth/user': signedOut() });
    renderApp(routes, { path });
    await acknowledgeEmergencyNotice();
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(document.title).toBe('Page Not Found | UK Bleed Kit Register');
  });

  it("sends the statistics page's '/register' call to action to /register-kit", async () => {
    mockFetch({ 'GET /api/auth/user': signedOut() });
    const { router } = renderApp(routes, { path: '/register' });
    await acknowledgeEmergencyNotice();
    // /register-kit needs a session, so a signed-out visitor continues to /auth.
    await screen.findByRole('button', { name: /sign in/i }).catch(() => undefined);
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows a loading message while the session is checked, then sends a signed-out visitor to /auth', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockFetch({ 'GET /api/auth/user': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { router } = renderApp(routes, { path: '/account-settings' });
    await acknowledgeEmergencyNotice();
    expect(await screen.findByText('Loading...')).toBeInTheDocument();

    answer(signedOut());
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('opens account settings for a signed-in user', async () => {
    mockFetch({ 'GET /api/auth/user': json({ user: aUser() }) });
    renderApp(routes, { path: '/account-settings' });
    await acknowledgeEmergencyNotice();
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
  });
});
