import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@/components/toasts/use-toast';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { ResetPasswordPage } from './reset-password-page';

afterEach(() => dismissToast());

describe('ResetPasswordPage', () => {
  it('explains a link without a token', () => {
    mockFetch({});
    renderApp(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByText('This password reset link is invalid or has expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth');
  });

  it('holds the new password to the sign-up rules', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderApp(<ResetPasswordPage />, { path: '/reset-password?token=t0k3n' });
    await user.type(screen.getByLabelText('New Password'), 'longenough');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Password must contain at least one uppercase letter')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your new password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the token with the new password and points to sign in', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'POST /api/auth/reset-password': () => json({ message: 'Your password has been reset.' }) });
    renderApp(<ResetPasswordPage />, { path: '/reset-password?token=t0k3n' });
    await user.type(screen.getByLabelText('New Password'), 'N3w!password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'N3w!password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Password Reset')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth');
    expect(await fetchMock.bodies('POST /api/auth/reset-password')).toEqual([{ token: 't0k3n', newPassword: 'N3w!password' }]);
  });

  it('reports a rejected token with the server message', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/auth/reset-password': () => json({ message: 'This password reset link is invalid or has expired' }, 400) });
    renderApp(<ResetPasswordPage />, { path: '/reset-password?token=old' });
    await user.type(screen.getByLabelText('New Password'), 'N3w!password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'N3w!password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Password Reset Failed');
    expect(toast).toHaveTextContent('This password reset link is invalid or has expired');
  });
});
