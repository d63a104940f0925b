import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmailChangeMessages } from '@bleedkits/contracts';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { serverMessageOr } from '@/api/api';
import { PageMeta } from '@/components/page-meta';
import { PATHS } from '@/config/paths';
import { useConfirmEmailChangeMutation } from '../api';

/**
 * Reached from the link e-mailed to a new sign-in address: /confirm-email?token=... The change is made by a button,
 * not on load, so a mail scanner that opens links cannot make it on the user's behalf.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [confirm, { isLoading }] = useConfirmEmailChangeMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const onConfirm = async () => {
    try {
      const { message } = await confirm({ token }).unwrap();
      setOutcome({ ok: true, message });
    } catch (error) {
      setOutcome({ ok: false, message: serverMessageOr(error, EmailChangeMessages.linkInvalid) });
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <PageMeta title="Confirm Your New Email Address" description="Confirm the new sign-in email of your UK Bleed Kit Register account." />
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            Confirm your new email address
          </Typography>
          <Stack spacing={2}>
            {!token ? (
              <Alert severity="error">{EmailChangeMessages.linkInvalid}</Alert>
            ) : outcome ? (
              <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>
            ) : (
              <>
                <Typography>Your account&apos;s sign-in email changes to this address when you confirm.</Typography>
                <Button variant="contained" size="large" onClick={() => void onConfirm()} disabled={isLoading}>
                  {isLoading ? 'Confirming...' : 'Confirm Email Address'}
                </Button>
              </>
            )}
            <Link component={RouterLink} to={PATHS.accountSettings} variant="body2">
              Go to account settings
            </Link>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
