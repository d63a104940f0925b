import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailTemplate } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { aUser, json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { pageNavigation } from '@/components/page-navigation';
import { EmailTemplatesPage, PERMISSION_MESSAGE } from './email-templates-page';

const admin = { ...aUser({ role: 'admin', email: 'admin@example.org' }) };

const template = (id: EmailTemplate['id'], overrides: Partial<EmailTemplate> = {}): EmailTemplate => ({
  id,
  name: id === 'verification_reminder' ? 'Verification Reminder' : 'Contact Form - User Confirmation',
  description: id === 'verification_reminder' ? 'Sent when a check is due soon.' : 'Confirms a contact message.',
  category: id === 'verification_reminder' ? 'verification' : 'contact',
  variables:
    id === 'verification_reminder'
      ? [
          { name: 'custodianName', description: 'Name of the kit custodian' },
          { name: 'serialNumber', description: 'Serial number of the kit' },
          { name: 'year', description: 'Current year' },
        ]
      : [
          { name: 'subject', description: 'Subject of their message' },
          { name: 'message', description: 'Their message' },
        ],
  subject: id === 'verification_reminder' ? 'Kit {{serialNumber}} is due' : 'We received: {{subject}}',
  htmlTemplate: '<p>Dear {{custodianName}}</p>',
  textTemplate: 'Dear {{custodianName}}',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

const TEMPLATES = [template('verification_reminder'), template('contact_user_confirmation')];

function setup(routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    'GET /api/admin/email-templates': json({ templates: TEMPLATES }),
    'POST /api/admin/email-templates/preview': async (req) => {
      const body = (await req.json()) as { subject: string; variables: Record<string, string> };
      return json({
        subject: body.subject.replace('{{serialNumber}}', body.variables.serialNumber ?? ''),
        html: '<p>Dear <b>Jane Smith</b></p><script>parent.hacked = 1</script>',
        text: 'Dear Jane Smith\nplain',
      });
    },
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  renderApp(<EmailTemplatesPage user={admin} />, { path: '/admin/email-templates' });
  return { user, fetchMock };
}

afterEach(() => {
  act(() => dismissToast());
  jest.restoreAllMocks();
});

describe(EmailTemplatesPage.name, () => {
  it('lists the templates and shows the info card of the chosen one', async () => {
    const { user } = setup();
    const nav = await screen.findByRole('navigation', { name: 'Email templates' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Verification Reminderverification', 'Contact Form - User Confirmationcontact']);
    expect(screen.getByRole('heading', { name: 'Verification Reminder' })).toBeInTheDocument();
    expect(screen.getByText('Sent when a check is due soon.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Template variables' })).getByText('{{serialNumber}}')).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: /Contact Form - User Confirmation/ }));
    expect(screen.getByRole('heading', { name: 'Contact Form - User Confirmation' })).toBeInTheDocument();
    expect(screen.getByText('Confirms a contact message.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('We received: {{subject}}');
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');
  });

  it('previews the HTML in a sandboxed frame and switches to plain text', async () => {
    const { user, fetchMock } = setup();
    const frame = await screen.findByTitle('HTML preview');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<b>Jane Smith</b>');
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('Kit BK-2024-0042 is due');
    // The admin's HTML is never part of the app's own document.
    expect(document.body.querySelector('b')).toBeNull();
    expect((await fetchMock.bodies('POST /api/admin/email-templates/preview'))[0]).toMatchObject({
      templateId: 'verification_reminder',
      variables: { custodianName: 'Jane Smith', serialNumber: 'BK-2024-0042' },
    });

    await user.click(screen.getByRole('tab', { name: 'Plain Text' }));
    expect(screen.getByTestId('text-preview')).toHaveTextContent('Dear Jane Smith plain');
    expect(screen.queryByTitle('HTML preview')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'HTML' }));
    expect(screen.getByTitle('HTML preview')).toBeInTheDocument();
  });

  it('asks for an address before sending a test e-mail, then sends it', async () => {
    const { user, fetchMock } = setup({
      'POST /api/admin/send-test-email': json({ success: true, message: 'Test email queued for delivery to t@example.org.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Email Required')).toBeInTheDocument();
    expect(screen.getByText('Please enter an email address to send the test to.')).toBeInTheDocument();
    expect(fetchMock.calls()).not.toContain('POST /api/admin/send-test-email');

    await user.type(screen.getByRole('textbox', { name: 'Test email address' }), 't@example.org');
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Test Email Sent')).toBeInTheDocument();
    expect((await fetchMock.bodies('POST /api/admin/send-test-email'))[0]).toEqual({
      email: 't@example.org',
      templateId: 'verification_reminder',
      variables: { custodianName: 'Jane Smith', serialNumber: 'BK-2024-0042' },
    });
  });

  it("shows the spec's toast when a test e-mail fails", async () => {
    const { user } = setup({ 'POST /api/admin/send-test-email': json({ message: 'boom' }, 503) });
    await user.type(await screen.findByRole('textbox', { name: 'Test email address' }), 't@example.org');
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Error Sending Test Email')).toBeInTheDocument();
    expect(screen.getByText('There was an error sending the test email. Please try again.')).toBeInTheDocument();
  });

  it('saves an edited subject, and shows the server message when a template is refused', async () => {
    let reply = json({ message: 'Subject: unknown variable "serial"' }, 400);
    const { user, fetchMock } = setup({ 'PUT /api/admin/email-templates/verification_reminder': () => reply });
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    const save = screen.getByRole('button', { name: 'Save Template' });
    expect(save).toBeDisabled();
    await user.clear(subject);
    await user.type(subject, 'Due: {{{{serial}}');
    await user.click(save);
    expect(await screen.findByText('Error Saving Template')).toBeInTheDocument();
    expect(screen.getByText('Subject: unknown variable "serial"')).toBeInTheDocument();

    reply = json({ message: 'Template updated', template: template('verification_reminder', { subject: 'Due: {{serialNumber}}' }) });
    await user.clear(subject);
    await user.type(subject, 'Due: {{{{serialNumber}}');
    await user.click(save);
    expect(await screen.findByText('Template Updated')).toBeInTheDocument();
    const bodies = await fetchMock.bodies('PUT /api/admin/email-templates/verification_reminder');
    expect(bodies[1]).toEqual({
      subject: 'Due: {{serialNumber}}',
      htmlTemplate: '<p>Dear {{custodianName}}</p>',
      textTemplate: 'Dear {{custodianName}}',
    });
  });

  it('keeps the test address typed beside the editor when the saved version comes back', async () => {
    const saved = template('verification_reminder', { subject: 'Due soon', updatedAt: '2025-02-01T00:00:00.000Z' });
    let listed = TEMPLATES;
    const { user } = setup({
      'GET /api/admin/email-templates': () => json({ templates: listed }),
      'PUT /api/admin/email-templates/verification_reminder': () => {
        listed = [saved, TEMPLATES[1]];
        return json({ message: 'Template updated', template: saved });
      },
    });
    const address = await screen.findByRole('textbox', { name: 'Test email address' });
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await user.clear(subject);
    await user.type(subject, 'Due soon');
    await user.type(address, 't@example.org');
    await user.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText('Template Updated')).toBeInTheDocument();
    // The newer version is the page's now (nothing left to save), and the same fields still hold what was typed.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Template' })).toBeDisabled());
    expect(screen.getByRole('textbox', { name: 'Test email address' })).toBe(address);
    expect(address).toHaveValue('t@example.org');
    expect(subject).toHaveValue('Due soon');
  });

  it('shows the permission message and a way home to a signed-in non-admin', () => {
    mockFetch({});
    renderApp(<EmailTemplatesPage user={aUser()} />);
    expect(screen.getByText(PERMISSION_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
  });

  it('sends a signed-out visitor to sign in through /api/login, to come back here', () => {
    mockFetch({});
    const leave = jest.spyOn(pageNavigation, 'replace').mockImplementation(() => undefined);
    renderApp(<EmailTemplatesPage user={null} />, { path: '/admin/email-templates' });
    expect(leave).toHaveBeenCalledWith('/api/login?returnTo=%2Fadmin%2Femail-templates');
    leave.mockRestore();
  });
});
