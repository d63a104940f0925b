import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmailChangeMessages } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { aUser, json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { AccountSettingsPage } from './account-settings-page';

afterEach(() => dismissToast());

const jo = aUser({ firstName: 'Jo', lastName: 'Bloggs', email: 'jo@example.org' });

function open() {
  const user = userEvent.setup();
  renderApp(<AccountSettingsPage user={jo} />);
  return user;
}

describe('AccountSettingsPage', () => {
  it('links back to the dashboard and pre-fills the profile from the signed-in user', () => {
    mockFetch({});
    open();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByLabelText('First Name')).toHaveValue('Jo');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Bloggs');
    expect(screen.getByLabelText('Email')).toHaveValue('jo@example.org');
  });

  it('validates the profile with the shared rules', async () => {
    mockFetch({});
    const user = open();
    await user.clear(screen.getByLabelText('First Name'));
    await user.clear(screen.getByLabelText('Last Name'));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
  });

  it('saves the profile, confirms it and refreshes the current user', async () => {
    const fetchMock = mockFetch({
      'PUT /api/auth/profile': () => json({ user: { ...jo, firstName: 'Joanna' } }),
      'GET /api/auth/user': () => json({ user: { ...jo, firstName: 'Joanna' } }),
    });
    const user = open();
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Joanna');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(screen.getByText('Your profile has been updated successfully.')).toBeInTheDocument();
    expect(await fetchMock.bodies('PUT /api/auth/profile')).toEqual([{ firstName: 'Joanna', lastName: 'Bloggs', email: 'jo@example.org' }]);
  });

  it('asks for the current password when the email changes, and says to check the new inbox', async () => {
    const pending = EmailChangeMessages.pending('jo.new@example.org');
    const saved = { ...jo, firstName: 'Joanna' };
    const fetchMock = mockFetch({
      'PUT /api/auth/profile': () => json({ user: saved, pendingEmail: 'jo.new@example.org', message: pending }),
      'GET /api/auth/user': () => json({ user: saved }),
    });
    const user = open();
    const profile = screen.getByRole('form', { name: 'Profile information' });
    expect(within(profile).queryByLabelText('Current Password')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'jo.new@example.org');
    const password = within(profile).getByLabelText('Current Password');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText(EmailChangeMessages.passwordRequired)).toBeInTheDocument();
    expect(await fetchMock.bodies('PUT /api/auth/profile')).toEqual([]);

    await user.type(password, 'My!password1');
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Joanna');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveTextContent(pending);
    expect(await fetchMock.bodies('PUT /api/auth/profile')).toEqual([
      { firstName: 'Joanna', lastName: 'Bloggs', email: 'jo.new@example.org', currentPassword: 'My!password1' },
    ]);
    // Until the link is opened the account keeps its address; the form starts again from the stored account (the
    // app shell passes the refreshed user), and the password is not kept.
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('jo@example.org'));
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
  });

  it('reports a failed profile update with the server message', async () => {
    mockFetch({ 'PUT /api/auth/profile': () => json({ message: 'User with this email already exists' }, 409) });
    const user = open();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Update Failed');
    expect(toast).toHaveTextContent('User with this email already exists');
  });

  it('falls back to the generic message when the server gives none', async () => {
    mockFetch({ 'PUT /api/auth/profile': () => new Response('', { status: 500 }) });
    const user = open();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile. Please try again.');
  });

  it('validates the password change', async () => {
    mockFetch({});
    const user = open();
    await user.click(screen.getByRole('tab', { name: 'Password' }));
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
  });

  it('changes the password, confirms it and clears the form', async () => {
    const fetchMock = mockFetch({ 'PUT /api/auth/password': () => json({ message: 'Password changed' }) });
    const user = open();
    await user.click(screen.getByRole('tab', { name: 'Password' }));
    await user.type(screen.getByLabelText('Current Password'), 'old-password');
    await user.type(screen.getByLabelText('New Password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('Password Changed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Current Password')).toHaveValue(''));
    expect(screen.getByLabelText('New Password')).toHaveValue('');
    expect(await fetchMock.bodies('PUT /api/auth/password')).toEqual([{ currentPassword: 'old-password', newPassword: 'new-password' }]);
  });

  it('reports a failed password change with the server message', async () => {
    mockFetch({ 'PUT /api/auth/password': () => json({ message: 'Current password is incorrect' }, 400) });
    const user = open();
    await user.click(screen.getByRole('tab', { name: 'Password' }));
    await user.type(screen.getByLabelText('Current Password'), 'wrong-one');
    await user.type(screen.getByLabelText('New Password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Password Change Failed')).toBeInTheDocument();
    expect(toast).toHaveTextContent('Current password is incorrect');
    expect(screen.getByLabelText('Current Password')).toHaveValue('wrong-one');
  });
});
