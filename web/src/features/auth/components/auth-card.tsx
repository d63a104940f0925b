import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AuthMessages, googleSignInFailureMessage, loginRules, signUpRules } from '@bleedkits/contracts';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/api/api';
import { useRuleForm } from '@/components/forms/use-rule-form';
import { PasswordField } from '@/components/password-field';
import { useToast } from '@/components/toasts/use-toast';
import { useLoginMutation, useRegisterMutation } from '../api';
import { useAfterSignInPath } from '../hooks/use-after-sign-in-path';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { GoogleSignInButton } from './google-sign-in-button';
import { PasswordStrengthMeter } from './password-strength-meter';

export type AuthMode = 'login' | 'signup';

type Field = 'email' | 'password' | 'firstName' | 'lastName';
type Values = Record<Field, string>;

const EMPTY: Values = { email: '', password: '', firstName: '', lastName: '' };

/** The spec's wait between a successful sign-in and leaving for the home page. */
export const REDIRECT_DELAY_MS = 100;

/** The sign-in / create-account card. Switching mode remounts the form, so it starts empty. */
export function AuthCard({ initialMode = 'login' }: { initialMode?: AuthMode }) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  // The Google callback sends a failed sign-in back here with ?error=<reason>.
  const [searchParams] = useSearchParams();
  const googleFailure = googleSignInFailureMessage(searchParams.get('error'));
  return (
    <Card sx={{ maxWidth: 480, width: '100%', mx: 'auto' }}>
      {googleFailure && (
        <Alert severity="error" role="alert" sx={{ borderRadius: 0 }}>
          {googleFailure}
        </Alert>
      )}
      <Tabs value={mode} onChange={(_, value: AuthMode) => setMode(value)} variant="fullWidth" aria-label="Sign in or create an account">
        <Tab value="login" label="Sign In" id="auth-tab-login" aria-controls="auth-panel" />
        <Tab value="signup" label="Create Account" id="auth-tab-signup" aria-controls="auth-panel" />
      </Tabs>
      <CardContent id="auth-panel" role="tabpanel" aria-labelledby={`auth-tab-${mode}`} sx={{ p: { xs: 3, sm: 4 } }}>
        <AuthForm key={mode} mode={mode} />
      </CardContent>
    </Card>
  );
}

function AuthForm({ mode }: { mode: AuthMode }) {
  const isSignUp = mode === 'signup';
  const rules = isSignUp ? signUpRules : loginRules;
  const form = useRuleForm<Field>(rules, EMPTY);
  const [login, loginState] = useLoginMutation();
  const [register, registerState] = useRegisterMutation();
  const busy = loginState.isLoading || registerState.isLoading;
  const toast = useToast();
  const navigate = useNavigate();
  const afterSignIn = useAfterSignInPath();
  const [forgotOpen, setForgotOpen] = useState(false);

  const submit = form.onSubmit(async (values) => {
    try {
      if (isSignUp) {
        await register({
          email: values.email.trim(),
          password: values.password,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
        }).unwrap();
        toast({ title: 'Account created!' });
      } else {
        await login({ email: values.email.trim(), password: values.password }).unwrap();
        toast({ title: 'Welcome back!' });
      }
      setTimeout(() => void navigate(afterSignIn), REDIRECT_DELAY_MS);
    } catch (error) {
      const message = isApiError(error) ? (error.serverMessage ?? error.message) : 'Something went wrong. Please try again.';
      if (isSignUp && message.includes(AuthMessages.duplicateEmail)) {
        form.setError('email', message);
        return;
      }
      toast({ title: isSignUp ? 'Registration failed' : 'Login failed', description: message, variant: 'destructive' });
    }
  });

  const fieldProps = (field: Field) => ({ ...form.fieldProps(field), disabled: busy });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label={isSignUp ? 'Create account form' : 'Sign in form'}>
      <div>
        <Typography variant="h5" component="h1">
          {isSignUp ? 'Create your account' : 'Sign in to your account'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {isSignUp ? 'Register and manage the bleed kits you look after.' : 'Manage your registered bleed kits.'}
        </Typography>
      </div>
      {isSignUp && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label="First Name" autoComplete="given-name" {...fieldProps('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...fieldProps('lastName')} />
        </Stack>
      )}
      <TextField label="Email" type="email" autoComplete="email" {...fieldProps('email')} />
      <PasswordField label="Password" autoComplete={isSignUp ? 'new-password' : 'current-password'} {...fieldProps('password')} />
      {isSignUp && form.values.password !== '' && <PasswordStrengthMeter password={form.values.password} />}
      {!isSignUp && (
        <Link component="button" type="button" variant="body2" onClick={() => setForgotOpen(true)} sx={{ alignSelf: 'flex-end' }}>
          Forgot password?
        </Link>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? (isSignUp ? 'Creating account...' : 'Signing in...') : isSignUp ? 'Create Account' : 'Sign In'}
      </Button>
      <Divider>or</Divider>
      <GoogleSignInButton disabled={busy} />
      {forgotOpen && <ForgotPasswordDialog initialEmail={form.values.email} onClose={() => setForgotOpen(false)} />}
    </Stack>
  );
}
