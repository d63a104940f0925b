import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_CHANGE_CONFIRM_PATH, EmailChangeMessages } from '@bleedkits/contracts';
import { PATHS } from '@/config/paths';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { ConfirmEmailPage } from './confirm-email-page';

describe('ConfirmEmailPage', () => {
  it('is mounted where identity points its links', () => {
    expect(PATHS.confirmEmail).toBe(EMAIL_CHANGE_CONFIRM_PATH);
  });

  it('explains a link without a token', () => {
    mockFetch({});
    renderApp(<ConfirmEmailPage />, { path: '/confirm-email' });
    expect(screen.getByText(EmailChangeMessages.linkInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Email Address' })).not.toBeInTheDocument();
  });

  it('confirms only when asked (a mail scanner opening the link changes nothing), then says so', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'POST /api/auth/confirm-email': () => json({ message: EmailChangeMessages.confirmed }) });
    renderApp(<ConfirmEmailPage />, { path: '/confirm-email?token=t0k3n' });
    expect(await fetchMock.bodies('POST /api/auth/confirm-email')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm Email Address' }));
    expect(await screen.findByText(EmailChangeMessages.confirmed)).toBeInTheDocument();
    expect(await fetchMock.bodies('POST /api/auth/confirm-email')).toEqual([{ token: 't0k3n' }]);
    expect(screen.getByRole('link', { name: 'Go to account settings' })).toHaveAttribute('href', '/account-settings');
  });

  it("shows the server's refusal of a used or expired link", async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/auth/confirm-email': () => json({ message: EmailChangeMessages.linkInvalid, errors: [EmailChangeMessages.linkInvalid] }, 400),
    });
    renderApp(<ConfirmEmailPage />, { path: '/confirm-email?token=used' });
    await user.click(screen.getByRole('button', { name: 'Confirm Email Address' }));
    expect(await screen.findByText(EmailChangeMessages.linkInvalid)).toBeInTheDocument();
  });
});
