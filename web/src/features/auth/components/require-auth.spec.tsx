import { screen } from '@testing-library/react';
import { aUser, json, mockFetch, signedOut } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { RequireAuth } from './require-auth';

const routes = [
  { path: '/auth', element: <p>Sign-in page</p> },
  { element: <RequireAuth />, children: [{ path: '/dashboard', element: <p>Dashboard</p> }] },
];

describe('RequireAuth', () => {
  it('sends a signed-out visitor to the sign-in page with the whole address to come back to', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut() });
    const { router } = renderApp(routes, { path: '/dashboard?verify=7#kits' });
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/auth?returnTo=%2Fdashboard%3Fverify%3D7%23kits');
  });

  it('shows the page to a signed-in user', async () => {
    mockFetch({ 'GET /api/auth/user': json({ user: aUser() }) });
    renderApp(routes, { path: '/dashboard?verification=overdue' });
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
  });
});
