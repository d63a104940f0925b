import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { CustodianMailMessages } from '@bleedkits/contracts';
import { serverMessageOr } from '@/api/api';
import { PageMeta } from '@/components/page-meta';
import { useStopCustodianMailMutation } from './api';

/**
 * Opened from the "Not your kit? Stop these e-mails" link of an e-mail sent to a kit's custodian address:
 * /stop-emails?token=... The e-mails stop when the button is pressed, not on load, so a mail scanner that opens
 * links stops nothing.
 */
export function StopEmailsPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [stop, { isLoading }] = useStopCustodianMailMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const onStop = async () => {
    try {
      const { message } = await stop({ token }).unwrap();
      setOutcome({ ok: true, message });
    } catch (error) {
      setOutcome({ ok: false, message: serverMessageOr(error, CustodianMailMessages.invalidToken) });
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <PageMeta title="Stop E-mails About a Kit" description="Stop the UK Bleed Kit Register's e-mails about a kit that is not yours." />
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {CustodianMailMessages.pageTitle}
          </Typography>
          <Stack spacing={2}>
            {!token ? (
              <Alert severity="error">{CustodianMailMessages.invalidToken}</Alert>
            ) : outcome ? (
              <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>
            ) : (
              <>
                <Typography>{CustodianMailMessages.pageIntro}</Typography>
                <Button variant="contained" size="large" onClick={() => void onStop()} disabled={isLoading}>
                  {isLoading ? 'Stopping...' : CustodianMailMessages.pageButton}
                </Button>
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
