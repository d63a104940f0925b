import { useState, type ChangeEvent, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ContactMessages, contactRules, firstErrors, validateAgainst, type ContactMessageRequest } from '@bleedkits/contracts';
import { serverMessageOr } from '@/api/api';
import { useToast } from '@/components/toasts/use-toast';
import { useSendContactMessageMutation } from './api';

type Field = keyof ContactMessageRequest;
type Errors = Partial<Record<Field, string>>;

const EMPTY: ContactMessageRequest = { name: '', email: '', subject: '', message: '' };

const check = (values: ContactMessageRequest): Errors => firstErrors(validateAgainst(contactRules, values));

export type ContactFormProps = {
  /** Pre-fills the subject, e.g. from the page's ?subject= parameter. */
  initialSubject?: string;
};

/**
 * The message form. Every invalid field shows its first message at once on submit; after that attempt the messages
 * follow the input as it changes, so a fixed field clears without another submit.
 */
export function ContactForm({ initialSubject = '' }: ContactFormProps) {
  const [values, setValues] = useState<ContactMessageRequest>({ ...EMPTY, subject: initialSubject });
  const [errors, setErrors] = useState<Errors>({});
  const [attempted, setAttempted] = useState(false);
  const [send, { isLoading }] = useSendContactMessageMutation();
  const toast = useToast();

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (attempted) setErrors(check(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await send(values).unwrap();
      toast({ title: 'Message Sent', description: ContactMessages.sent });
      setValues(EMPTY);
      setAttempted(false);
    } catch (error) {
      toast({ title: 'Error', description: serverMessageOr(error, ContactMessages.failed), variant: 'destructive' });
    }
  };

  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: change(field),
    error: Boolean(errors[field]),
    helperText: errors[field],
    fullWidth: true,
    required: true,
  });

  return (
    <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={2} aria-label="Contact form">
      <TextField label="Your name" autoComplete="name" {...fieldProps('name')} />
      <TextField label="Email address" type="email" autoComplete="email" {...fieldProps('email')} />
      <TextField label="Subject" {...fieldProps('subject')} />
      <TextField label="Message" multiline minRows={6} {...fieldProps('message')} />
      <Button type="submit" variant="contained" size="large" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
        {isLoading ? 'Sending...' : 'Send Message'}
      </Button>
    </Stack>
  );
}
