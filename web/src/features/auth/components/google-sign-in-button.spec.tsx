import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, signedOut } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { AuthPage } from './auth-page';
import { GoogleSignInMessages } from './google-sign-in-button';

describe('Continue with Google', () => {
  it('says in words on the sign-in card that Google sign-in is unavailable when the server is not configured for it', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': signedOut(),
      'GET /api/auth/google': json({ message: 'Google sign-in is not configured' }, 503),
    });
    const user = userEvent.setup();
    renderApp([{ path: '/auth', element: <AuthPage /> }], { path: '/auth' });
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', '/api/auth/google');
    await user.click(google);
    expect(await screen.findByRole('status')).toHaveTextContent(GoogleSignInMessages.notAvailable);
    expect(fetchMock.calls()).toContain('GET /api/auth/google');
    // Still on the sign-in card, with the form usable.
    expect(screen.getByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('"message"');
  });

  it('says so when the server cannot be reached', async () => {
    mockFetch({
      'GET /api/auth/user': signedOut(),
      'GET /api/auth/google': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    renderApp([{ path: '/auth', element: <AuthPage /> }], { path: '/auth' });
    await user.click(await screen.findByRole('link', { name: 'Continue with Google' }));
    expect(await screen.findByRole('status')).toHaveTextContent(GoogleSignInMessages.unreachable);
  });
});
