import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { loginRules } from '@bleedkits/contracts';
import { useState } from 'react';
import { serverMessageOr } from '@/api/api';
import { useRuleForm } from '@/components/forms/use-rule-form';
import { useToast } from '@/components/toasts/use-toast';
import { useForgotPasswordMutation } from '../api';

const rules = { email: loginRules.email };

/** "Forgot password?" from the sign-in card: asks for a reset link by e-mail. */
export function ForgotPasswordDialog({ initialEmail, onClose }: { initialEmail: string; onClose: () => void }) {
  const form = useRuleForm<'email'>(rules, { email: initialEmail });
  const [request, { isLoading }] = useForgotPasswordMutation();
  const [sent, setSent] = useState<string | null>(null);
  const toast = useToast();

  const submit = form.onSubmit(async ({ email }) => {
    try {
      const { message } = await request({ email: email.trim() }).unwrap();
      setSent(message);
    } catch (error) {
      toast({
        title: 'Request Failed',
        description: serverMessageOr(error, 'Failed to send the reset link. Please try again.'),
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="forgot-password-title">
      {/* Rendered from inside the sign-in form: React bubbles a portal's submit to it, so stop it here. */}
      <form
        noValidate
        onSubmit={(e) => {
          e.stopPropagation();
          submit(e);
        }}
        aria-label="Forgot password form"
      >
        <DialogTitle id="forgot-password-title">Reset your password</DialogTitle>
        <DialogContent>
          {sent ? (
            <Alert severity="success">{sent}</Alert>
          ) : (
            <>
              <DialogContentText sx={{ mb: 2 }}>
                Enter the email address of your account and we will send you a link to choose a new password.
              </DialogContentText>
              <TextField label="Email" type="email" autoComplete="email" fullWidth autoFocus {...form.fieldProps('email')} disabled={isLoading} />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{sent ? 'Close' : 'Cancel'}</Button>
          {!sent && (
            <Button type="submit" variant="contained" disabled={isLoading}>
              {isLoading ? 'Sending...' : 'Send Reset Link'}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
