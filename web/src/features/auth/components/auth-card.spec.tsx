import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GOOGLE_SIGN_IN_FAILURE_MESSAGES, GoogleSignInFailure } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { aUser, json, mockFetch, signedOut } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { AuthPage } from './auth-page';

const authRoutes = [
  { path: '/', element: <p>Home page</p> },
  { path: '/auth', element: <AuthPage /> },
];

async function openAuth() {
  const user = userEvent.setup();
  renderApp(authRoutes, { path: '/auth' });
  await screen.findByRole('tab', { name: 'Sign In' });
  return user;
}

async function switchToSignUp(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: 'Create Account' }));
  await screen.findByLabelText('First Name');
}

const form = () => screen.getByRole('form');

afterEach(() => dismissToast());

describe('AuthPage', () => {
  beforeEach(() => {
    mockFetch({ 'GET /api/auth/user': signedOut() });
  });

  it('shows the message of every invalid sign-up field at once, without calling the server', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/user': signedOut() });
    const user = await openAuth();
    await switchToSignUp(user);

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(within(form()).getByRole('button', { name: 'Create Account' }));

    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(fetchMock.calls()).toEqual(['GET /api/auth/user']);
  });

  it.each([
    ['abcdefgh', 'Password must contain at least one uppercase letter'],
    ['ABCDEFGH', 'Password must contain at least one lowercase letter'],
    ['Abcdefgh', 'Password must contain at least one number'],
    ['Abcdefg1', 'Password must contain at least one special character'],
  ])('shows the first unmet strength rule for the weak password %s', async (password, message) => {
    const user = await openAuth();
    await switchToSignUp(user);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(within(form()).getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('requires a valid e-mail and a password to sign in', async () => {
    const user = await openAuth();
    await user.click(within(form()).getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('clears a message as soon as the field becomes valid', async () => {
    const user = await openAuth();
    await user.click(within(form()).getByRole('button', { name: 'Sign In' }));
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it.each([
    ['a', 'Weak'], // 1 of 5 checks = 20 %
    ['aA', 'Medium'], // 2 of 5 = 40 %: the Medium threshold
    ['aA1', 'Medium'], // 60 %
    ['aA1!', 'Strong'], // 80 %: the Strong threshold
    ['aA1!aaaa', 'Strong'], // all five
  ])('rates the password %s as %s', async (password, label) => {
    const user = await openAuth();
    await switchToSignUp(user);
    await user.type(screen.getByLabelText('Password'), password);
    expect(screen.getByTestId('password-strength')).toHaveTextContent(`Password strength: ${label}`);
  });

  it('resets the form when the mode is toggled', async () => {
    const user = await openAuth();
    await user.type(screen.getByLabelText('Email'), 'jo@example.org');
    await user.click(within(form()).getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await switchToSignUp(user);
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('First Name'), 'Jo');

    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();
  });

  it('toggles password visibility', async () => {
    const user = await openAuth();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('signs in, says welcome back and goes home after the short delay', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': signedOut(),
      'POST /api/auth/login': () => json({ user: aUser() }),
    });
    const user = await openAuth();
    await user.type(screen.getByLabelText('Email'), 'jo@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(within(form()).getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await fetchMock.bodies('POST /api/auth/login')).toEqual([{ email: 'jo@example.org', password: 'secret' }]);
  });

  it('creates an account and announces it', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': signedOut(),
      'POST /api/auth/register': () => json({ user: aUser() }, 201),
    });
    const user = await openAuth();
    await switchToSignUp(user);
    await user.type(screen.getByLabelText('First Name'), 'Jo');
    await user.type(screen.getByLabelText('Last Name'), 'Bloggs');
    await user.type(screen.getByLabelText('Email'), 'jo@example.org');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(within(form()).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Account created!')).toBeInTheDocument();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await fetchMock.bodies('POST /api/auth/register')).toEqual([
      { email: 'jo@example.org', password: 'Str0ng!pass', firstName: 'Jo', lastName: 'Bloggs' },
    ]);
  });

  it('shows a duplicate e-mail under the field instead of a toast', async () => {
    mockFetch({
      'GET /api/auth/user': signedOut(),
      'POST /api/auth/register': () => json({ message: 'User with this email already exists' }, 409),
    });
    const user = await openAuth();
    await switchToSignUp(user);
    await user.type(screen.getByLabelText('First Name'), 'Jo');
    await user.type(screen.getByLabelText('Last Name'), 'Bloggs');
    await user.type(screen.getByLabelText('Email'), 'jo@example.org');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(within(form()).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('User with this email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Registration failed')).not.toBeInTheDocument();
  });

  it('reports a failed sign-in with the server message', async () => {
    mockFetch({
      'GET /api/auth/user': signedOut(),
      'POST /api/auth/login': () => json({ message: 'Invalid email or password' }, 401),
    });
    const user = await openAuth();
    await user.type(screen.getByLabelText('Email'), 'jo@example.org');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(within(form()).getByRole('button', { name: 'Sign In' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Login failed');
    expect(toast).toHaveTextContent('Invalid email or password');
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
  });

  it('sends a signed-in visitor home', async () => {
    mockFetch({ 'GET /api/auth/user': json({ user: aUser() }) });
    renderApp(authRoutes, { path: '/auth' });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('starts Google sign-in by navigating the browser to the server', async () => {
    await openAuth();
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', '/api/auth/google');
  });

  it('reports other session failures with a toast', async () => {
    mockFetch({ 'GET /api/auth/user': json({ message: 'Service unavailable' }, 503) });
    renderApp(authRoutes, { path: '/auth' });
    expect(await screen.findByText('Failed to fetch user')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Sign In' })).toBeInTheDocument());
  });

  describe('after a failed Google sign-in (/auth?error=<reason>)', () => {
    it.each(Object.values(GoogleSignInFailure))('shows the message for %s in the sign-in card', async (reason) => {
      renderApp(authRoutes, { path: `/auth?error=${reason}` });
      await screen.findByRole('tab', { name: 'Sign In' });
      const card = screen.getByRole('tablist').closest('.MuiCard-root') as HTMLElement;
      expect(within(card).getByRole('alert')).toHaveTextContent(GOOGLE_SIGN_IN_FAILURE_MESSAGES[reason]);
    });

    it('says Google sign-in did not complete for the callback’s plain error=google', async () => {
      renderApp(authRoutes, { path: '/auth?error=google' });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Google sign-in did not complete. Please try again, or sign in with your email and password.',
      );
    });

    it('shows nothing for an unknown reason or none', async () => {
      renderApp(authRoutes, { path: '/auth?error=%3Cb%3Ehello%3C%2Fb%3E' });
      await screen.findByRole('tab', { name: 'Sign In' });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe('returnTo (from GET /api/login)', () => {
    const routesWithAdmin = [...authRoutes, { path: '/admin/backups', element: <p>Backups page</p> }];

    async function signInAt(path: string) {
      mockFetch({ 'GET /api/auth/user': signedOut(), 'POST /api/auth/login': () => json({ user: aUser() }) });
      const user = userEvent.setup();
      const { router } = renderApp(routesWithAdmin, { path });
      await screen.findByRole('tab', { name: 'Sign In' });
      await user.type(screen.getByLabelText('Email'), 'jo@example.org');
      await user.type(screen.getByLabelText('Password'), 'secret');
      await user.click(within(form()).getByRole('button', { name: 'Sign In' }));
      expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
      return router;
    }

    it('goes back to the page named by returnTo after signing in', async () => {
      const router = await signInAt('/auth?returnTo=%2Fadmin%2Fbackups');
      expect(await screen.findByText('Backups page')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/backups');
    });

    it.each(['https%3A%2F%2Fevil.example%2F', '%2F%2Fevil.example', 'javascript%3Aalert(1)'])(
      'goes home instead of to returnTo=%s',
      async (value) => {
        const router = await signInAt(`/auth?returnTo=${value}`);
        expect(await screen.findByText('Home page')).toBeInTheDocument();
        expect(router.state.location.pathname).toBe('/');
      },
    );

    it('sends a visitor who is already signed in straight to returnTo', async () => {
      mockFetch({ 'GET /api/auth/user': json({ user: aUser() }) });
      renderApp(routesWithAdmin, { path: '/auth?returnTo=%2Fadmin%2Fbackups' });
      expect(await screen.findByText('Backups page')).toBeInTheDocument();
    });
  });
});
