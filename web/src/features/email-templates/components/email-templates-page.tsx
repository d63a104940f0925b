import ArrowBack from '@mui/icons-material/ArrowBack';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CurrentUser, EmailTemplate } from '@bleedkits/contracts';
import { EmailTemplateMessages } from '@bleedkits/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { serverMessageOr } from '@/api/api';
import { AdminOnlyPage } from '@/components/admin-only-page';
import { PageMeta } from '@/components/page-meta';
import { useToast } from '@/components/toasts/use-toast';
import {
  useEmailTemplatesListQuery,
  useEmailTemplatesPreviewMutation,
  useEmailTemplatesSaveMutation,
  useEmailTemplatesSendTestMutation,
} from '../api';
import { sampleValues } from '../lib/sample-values';
import { PATHS } from '@/config/paths';

const META = { title: 'Email Templates', description: 'Edit the e-mails the register sends and send test e-mails.' };
export { ADMIN_PERMISSION_MESSAGE as PERMISSION_MESSAGE } from '@/components/admin-only-page';
/** How long the editor waits after the last keystroke before asking for a new preview. */
export const PREVIEW_DELAY_MS = 400;

export type EmailTemplatesPageProps = { user: CurrentUser | null; isLoading?: boolean };

/** /admin/email-templates (admin only). Signed-out visitors go to sign in; other users see the permission message. */
export function EmailTemplatesPage({ user, isLoading = false }: EmailTemplatesPageProps) {
  return (
    <AdminOnlyPage user={user} isLoading={isLoading} meta={META}>
      <TemplatesConsole />
    </AdminOnlyPage>
  );
}

function TemplatesConsole() {
  const list = useEmailTemplatesListQuery();
  const templates = useMemo(() => list.data ?? [], [list.data]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = templates.find((t) => t.id === selectedId) ?? templates[0];

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 } }}>
      <PageMeta {...META} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { sm: 'center' } }}>
        <Button component={RouterLink} to={PATHS.admin} startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
          Back to Admin
        </Button>
        <div>
          <Typography variant="h4" component="h1">
            Email Templates
          </Typography>
          <Typography color="text.secondary">Edit the e-mails the register sends. Changes apply to the next e-mail sent.</Typography>
        </div>
      </Stack>
      {list.isLoading ? (
        <Typography role="status">Loading templates...</Typography>
      ) : list.isError ? (
        <Alert severity="error">Failed to load email templates. Please try again.</Alert>
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 3 }}>
            <Card>
              <List component="nav" aria-label="Email templates" dense>
                {templates.map((t) => (
                  <ListItemButton key={t.id} selected={t.id === selected?.id} onClick={() => setSelectedId(t.id)}>
                    <ListItemText primary={t.name} secondary={t.category} />
                  </ListItemButton>
                ))}
              </List>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 9 }}>{selected && <TemplateWorkspace key={selected.id} template={selected} />}</Grid>
        </Grid>
      )}
    </Container>
  );
}

type Draft = { subject: string; htmlTemplate: string; textTemplate: string };

const draftOf = (t: EmailTemplate): Draft => ({ subject: t.subject, htmlTemplate: t.htmlTemplate, textTemplate: t.textTemplate });
const sameDraft = (a: Draft, b: Draft) => a.subject === b.subject && a.htmlTemplate === b.htmlTemplate && a.textTemplate === b.textTemplate;

/**
 * One template's editor. A newer saved version arriving (this admin's save coming back, or another admin's) replaces
 * the draft only when it has no unsaved edits; the workspace is not remounted for it, so the test address typed
 * beside it and the preview's tab stay as they are.
 */
function TemplateWorkspace({ template }: { template: EmailTemplate }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(template));
  const [base, setBase] = useState(template);
  if (base.updatedAt !== template.updatedAt) {
    setBase(template);
    if (sameDraft(draft, draftOf(base))) setDraft(draftOf(template));
  }
  const [save, saving] = useEmailTemplatesSaveMutation();
  const toast = useToast();
  const changed = !sameDraft(draft, draftOf(template));

  const onSave = async () => {
    try {
      await save({ id: template.id, ...draft }).unwrap();
      toast({ title: 'Template Updated', description: `${template.name} has been saved.` });
    } catch (error) {
      toast({
        title: 'Error Saving Template',
        description: serverMessageOr(error, 'The template could not be saved. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
  });

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {template.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              Category:
            </Typography>
            <Chip size="small" label={template.category} />
          </Stack>
          <Typography sx={{ mb: 2 }}>{template.description}</Typography>
          <Typography variant="subtitle2" component="h3">
            Variables
          </Typography>
          <Box component="ul" sx={{ pl: 0, listStyle: 'none', m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }} aria-label="Template variables">
            {template.variables.map((v) => (
              <li key={v.name} title={v.description}>
                <Chip size="small" variant="outlined" label={`{{${v.name}}}`} />{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  {v.description}
                </Typography>
              </li>
            ))}
          </Box>
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Edit Template
          </Typography>
          <Stack spacing={2}>
            <TextField label="Subject" fullWidth {...field('subject')} />
            <TextField
              label="HTML Template"
              fullWidth
              multiline
              minRows={8}
              maxRows={24}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
              {...field('htmlTemplate')}
            />
            <TextField
              label="Plain Text Template"
              fullWidth
              multiline
              minRows={6}
              maxRows={20}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
              {...field('textTemplate')}
            />
            <Stack direction="row" spacing={2}>
              <Button variant="contained" onClick={() => void onSave()} disabled={saving.isLoading || !changed}>
                {saving.isLoading ? 'Saving...' : 'Save Template'}
              </Button>
              <Button variant="outlined" disabled={!changed || saving.isLoading} onClick={() => setDraft(draftOf(template))}>
                Discard Changes
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <PreviewCard template={template} draft={draft} />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <SendTestCard template={template} unsaved={changed} />
        </Grid>
      </Grid>
    </Stack>
  );
}

function PreviewCard({ template, draft }: { template: EmailTemplate; draft: Draft }) {
  const [tab, setTab] = useState<'html' | 'text'>('html');
  const [preview, state] = useEmailTemplatesPreviewMutation();
  const variables = useMemo(() => sampleValues(template.variables), [template.variables]);

  useEffect(() => {
    const timer = setTimeout(() => void preview({ templateId: template.id, ...draft, variables }), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [preview, template.id, draft, variables]);

  const problem = state.isError ? serverMessageOr(state.error, 'The preview could not be rendered.') : null;
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Preview
        </Typography>
        {state.data && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            <strong>Subject:</strong> <span data-testid="preview-subject">{state.data.subject}</span>
          </Typography>
        )}
        <Tabs value={tab} onChange={(_, v: 'html' | 'text') => setTab(v)} aria-label="Preview format">
          <Tab value="html" label="HTML" id="preview-tab-html" aria-controls="preview-panel" />
          <Tab value="text" label="Plain Text" id="preview-tab-text" aria-controls="preview-panel" />
        </Tabs>
        <Box id="preview-panel" role="tabpanel" aria-labelledby={`preview-tab-${tab}`} sx={{ mt: 2 }}>
          {problem ? (
            <Alert severity="warning">{problem}</Alert>
          ) : !state.data ? (
            <Typography role="status">Rendering preview...</Typography>
          ) : tab === 'html' ? (
            // A sandboxed frame without scripts or same-origin rights: the admin's HTML never runs inside the app.
            <Box
              component="iframe"
              title="HTML preview"
              sandbox=""
              srcDoc={state.data.html}
              sx={{ width: '100%', height: 480, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
            />
          ) : (
            <Box
              component="pre"
              data-testid="text-preview"
              sx={{
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
                fontFamily: 'monospace',
                fontSize: 13,
                m: 0,
                p: 2,
                bgcolor: 'grey.100',
                borderRadius: 1,
              }}
            >
              {state.data.text}
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

function SendTestCard({ template, unsaved }: { template: EmailTemplate; unsaved: boolean }) {
  const [email, setEmail] = useState('');
  const [sendTest, state] = useEmailTemplatesSendTestMutation();
  const toast = useToast();

  const onSend = async () => {
    if (email.trim() === '') {
      toast({ title: 'Email Required', description: EmailTemplateMessages.testEmailRequired, variant: 'destructive' });
      return;
    }
    try {
      const res = await sendTest({ email: email.trim(), templateId: template.id, variables: sampleValues(template.variables) }).unwrap();
      toast({ title: 'Test Email Sent', description: res.message });
    } catch {
      toast({
        title: 'Error Sending Test Email',
        description: 'There was an error sending the test email. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Send Test Email
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Sends the saved template with the example values shown in the preview.
        </Typography>
        {unsaved && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Save your changes first to test them.
          </Alert>
        )}
        <Stack spacing={2}>
          <TextField
            label="Test email address"
            type="email"
            autoComplete="email"
            fullWidth
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button variant="contained" startIcon={<Send />} onClick={() => void onSend()} disabled={state.isLoading}>
            {state.isLoading ? 'Sending...' : 'Send Test Email'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
