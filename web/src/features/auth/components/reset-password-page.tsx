import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AuthMessages, passwordChangeRules, resetPasswordRules, type RuleTable } from '@bleedkits/contracts';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { serverMessageOr } from '@/api/api';
import { useRuleForm } from '@/components/forms/use-rule-form';
import { PageMeta } from '@/components/page-meta';
import { PasswordField } from '@/components/password-field';
import { useToast } from '@/components/toasts/use-toast';
import { useResetPasswordMutation } from '../api';
import { PasswordStrengthMeter } from './password-strength-meter';
import { PATHS } from '@/config/paths';

type Field = 'newPassword' | 'confirmPassword';

/** The reset link's rules plus the browser-side confirmation from the password-change table. */
const rules: RuleTable<Field> = {
  newPassword: resetPasswordRules.newPassword,
  confirmPassword: passwordChangeRules.confirmPassword,
};

/** Reached from the e-mailed link: /reset-password?token=... */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useRuleForm<Field>(rules, { newPassword: '', confirmPassword: '' });
  const [done, setDone] = useState(false);
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const toast = useToast();

  const submit = form.onSubmit(async (values) => {
    try {
      const { message } = await resetPassword({ token, newPassword: values.newPassword }).unwrap();
      toast({ title: 'Password Reset', description: message });
      setDone(true);
    } catch (error) {
      toast({
        title: 'Password Reset Failed',
        description: serverMessageOr(error, 'Failed to reset password. Please try again.'),
        variant: 'destructive',
      });
    }
  });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <PageMeta title="Reset Your Password" description="Choose a new password for your UK Bleed Kit Register account." />
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            Reset your password
          </Typography>
          {!token ? (
            <Stack spacing={2}>
              <Alert severity="error">{AuthMessages.resetTokenInvalid}</Alert>
              <Link component={RouterLink} to={PATHS.auth}>
                Back to sign in
              </Link>
            </Stack>
          ) : done ? (
            <Stack spacing={2}>
              <Alert severity="success">Your password has been reset. You can now sign in with your new password.</Alert>
              <Button component={RouterLink} to={PATHS.auth} variant="contained">
                Go to sign in
              </Button>
            </Stack>
          ) : (
            <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
              <PasswordField label="New Password" autoComplete="new-password" {...form.fieldProps('newPassword')} disabled={isLoading} />
              {form.values.newPassword !== '' && <PasswordStrengthMeter password={form.values.newPassword} />}
              <PasswordField label="Confirm New Password" autoComplete="new-password" {...form.fieldProps('confirmPassword')} disabled={isLoading} />
              <Button type="submit" variant="contained" size="large" disabled={isLoading}>
                {isLoading ? 'Resetting...' : 'Reset Password'}
              </Button>
              <Link component={RouterLink} to={PATHS.auth} variant="body2">
                Back to sign in
              </Link>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
