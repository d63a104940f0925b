import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { KitMessages, REGISTRATION_LOCATION_TYPE_OPTIONS, VERIFICATION_INTERVAL_MONTHS } from '@bleedkits/contracts';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { serverMessageOr } from '@/api/api';
import { emptyKitForm, formHasLocation, KitFormSections, toKitRegistration, useKitForm } from '@/components/kit-form';
import { PageMeta } from '@/components/page-meta';
import { useToast } from '@/components/toasts/use-toast';
import { useCustodianRegisterKitMutation } from '../api';
import { PATHS } from '@/config/paths';

export const REGISTER_FAILED = 'Something went wrong. Please try again.';

function WhyRegister() {
  return (
    <Alert severity="info" role="note" icon={false} sx={{ mb: 3 }}>
      <AlertTitle>Why register your bleed kit?</AlertTitle>
      Registered kits are shared with the UK ambulance services and a first-responder app, so a 999 call handler can direct someone to the nearest
      kit. Once our team has verified it, your kit also appears on the public map. Your contact details are never made public, and we remind you to
      check the kit every {VERIFICATION_INTERVAL_MONTHS} months.
    </Alert>
  );
}

/** /register-kit: a signed-in custodian registers a kit; it then awaits admin approval. */
export function RegisterKitPage() {
  const form = useKitForm(() => emptyKitForm());
  const [locationError, setLocationError] = useState<string | undefined>();
  const [registerKit, { isLoading }] = useCustodianRegisterKitMutation();
  const navigate = useNavigate();
  const toast = useToast();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errors = form.validate();
    const located = formHasLocation(form.values);
    setLocationError(located ? undefined : KitMessages.location);
    if (!located) toast({ title: 'Error', description: KitMessages.location, variant: 'destructive' });
    if (!located || Object.keys(errors).length > 0) return;
    try {
      await registerKit(toKitRegistration(form.values)).unwrap();
      toast({ title: 'Success', description: KitMessages.registered });
      await navigate(PATHS.dashboard);
    } catch (error) {
      toast({ title: 'Error', description: serverMessageOr(error, REGISTER_FAILED), variant: 'destructive' });
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <PageMeta title="Register a Bleed Kit" description="Register a bleed control kit with the UK ambulance services and the national public map." />
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Register Bleed Kit with Ambulance Services
      </Typography>
      <WhyRegister />
      <Stack component="form" noValidate onSubmit={submit} spacing={3} aria-label="Register bleed kit">
        <KitFormSections form={form} locationTypeOptions={REGISTRATION_LOCATION_TYPE_OPTIONS} locationError={locationError} disabled={isLoading} />
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={PATHS.dashboard} variant="outlined" disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Registering...' : 'Register Kit'}
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
