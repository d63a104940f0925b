import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthMessages, FORGOT_PASSWORD_ANSWER } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { AuthCard } from './auth-card';

afterEach(() => act(() => dismissToast()));

describe('Forgot password? on the sign-in card', () => {
  it('asks for a reset link for the address typed, and shows the same answer for any address', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/forgot-password': json({ message: FORGOT_PASSWORD_ANSWER }, 202) });
    const user = userEvent.setup({ delay: null });
    renderApp(<AuthCard />, { path: '/auth' });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'jo@example.org');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('jo@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(await within(dialog).findByText(FORGOT_PASSWORD_ANSWER)).toBeInTheDocument();
    // Only the reset call: the sign-in form behind the dialog was not submitted.
    expect(fetchMock.calls()).toEqual(['POST /api/auth/forgot-password']);
    expect(await fetchMock.bodies('POST /api/auth/forgot-password')).toEqual([{ email: 'jo@example.org' }]);
  });

  it('checks the address before asking', async () => {
    const fetchMock = mockFetch({});
    const user = userEvent.setup({ delay: null });
    renderApp(<AuthCard />, { path: '/auth' });
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(within(dialog).getByText(AuthMessages.loginEmail)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not offered on the create-account form', async () => {
    mockFetch({});
    const user = userEvent.setup({ delay: null });
    renderApp(<AuthCard />, { path: '/auth' });
    await user.click(screen.getByRole('tab', { name: 'Create Account' }));
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).toBeNull();
  });
});
