import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { ContactMessages, SITE_SETTINGS_PATH, type SiteSettings } from '@bleedkits/contracts';
import { makeStore } from '@/app/store';
import { dismissToast, Toaster } from '@/components/toasts';
import { ContactPage } from './contact-page';

function renderContact(url = '/contact') {
  return render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[url]}>
        <ContactPage />
        <Toaster />
      </MemoryRouter>
    </Provider>,
  );
}

const field = (label: RegExp) => screen.getByRole('textbox', { name: label });

/** Focus then paste: real input events, without typing long strings key by key (slow under a busy test run). */
async function fill(user: ReturnType<typeof userEvent.setup>, label: RegExp, value: string) {
  await user.click(field(label));
  await user.paste(value);
}
const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe(ContactPage.name, () => {
  const realFetch = global.fetch;
  /** The contact form's calls; the page's settings call is answered apart (none set unless a test says so). */
  let fetchMock: jest.Mock;
  let settings: SiteSettings;

  beforeEach(() => {
    fetchMock = jest.fn();
    settings = { contact: {}, donate: {} };
    global.fetch = jest.fn((input: Request) =>
      new URL(input.url).pathname === SITE_SETTINGS_PATH ? Promise.resolve(jsonResponse(200, settings)) : fetchMock(input),
    ) as unknown as typeof fetch;
  });
  afterEach(() => {
    global.fetch = realFetch;
    // The toast store outlives each render; empty it so one test's toast cannot satisfy the next.
    act(() => dismissToast());
  });

  it('shows every field’s message at once for invalid input and sends nothing', async () => {
    const user = userEvent.setup();
    renderContact();

    await fill(user, /your name/i, 'A');
    await fill(user, /email/i, 'not-an-email');
    await fill(user, /subject/i, 'Hi');
    await fill(user, /message/i, 'Too short');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByText(ContactMessages.name)).toBeInTheDocument();
    expect(screen.getByText(ContactMessages.email)).toBeInTheDocument();
    expect(screen.getByText(ContactMessages.subject)).toBeInTheDocument();
    expect(screen.getByText(ContactMessages.message)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears a message once the field is fixed', async () => {
    const user = userEvent.setup();
    renderContact();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText(ContactMessages.name)).toBeInTheDocument();

    await fill(user, /your name/i, 'Sam');
    expect(screen.queryByText(ContactMessages.name)).toBeNull();
    expect(screen.getByText(ContactMessages.email)).toBeInTheDocument();
  });

  it('pre-fills the subject from ?subject=', () => {
    renderContact('/contact?subject=Bank%20Transfer%20Details');
    expect(field(/subject/i)).toHaveValue('Bank Transfer Details');
  });

  it('posts the message to /api/contact, shows Message Sent and resets the form', async () => {
    fetchMock.mockResolvedValue(jsonResponse(202, { message: ContactMessages.sent }));
    const user = userEvent.setup();
    renderContact('/contact?subject=Large%20Donation%20Enquiry');

    await fill(user, /your name/i, 'Sam Jones');
    await fill(user, /email/i, 'sam@example.org');
    await fill(user, /message/i, 'I would like to talk about a donation.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Message Sent')).toBeInTheDocument();
    expect(screen.getByText(ContactMessages.sent)).toBeInTheDocument();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = fetchMock.mock.calls[0][0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/contact');
    expect(request.method).toBe('POST');
    expect(await request.json()).toEqual({
      name: 'Sam Jones',
      email: 'sam@example.org',
      subject: 'Large Donation Enquiry',
      message: 'I would like to talk about a donation.',
    });

    await waitFor(() => expect(field(/your name/i)).toHaveValue(''));
    expect(field(/subject/i)).toHaveValue('');
    expect(field(/message/i)).toHaveValue('');
  });

  it('shows Error with the server’s message when sending fails, keeping what was typed', async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { message: 'Too many messages. Please try again later.' }));
    const user = userEvent.setup();
    renderContact();

    await fill(user, /your name/i, 'Sam Jones');
    await fill(user, /email/i, 'sam@example.org');
    await fill(user, /subject/i, 'A question');
    await fill(user, /message/i, 'Where is the nearest kit to me?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Too many messages. Please try again later.')).toBeInTheDocument();
    expect(field(/your name/i)).toHaveValue('Sam Jones');
  });

  it('falls back to the spec’s failure message when the server gives none', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 502 }));
    const user = userEvent.setup();
    renderContact();

    await fill(user, /your name/i, 'Sam Jones');
    await fill(user, /email/i, 'sam@example.org');
    await fill(user, /subject/i, 'A question');
    await fill(user, /message/i, 'Where is the nearest kit to me?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(ContactMessages.failed)).toBeInTheDocument();
  });

  describe('contact details card', () => {
    const card = () => screen.queryByRole('list', { name: 'Our contact details' });

    it('shows every detail the deployment sets: email and phone as links, the address line by line', async () => {
      settings = {
        contact: { email: 'hello@bleedkits.example', phone: '0161 496 0000', postalAddress: 'Unit 4, 12 High Street, Manchester, M1 1AA' },
        donate: {},
      };
      renderContact();
      const details = await screen.findByRole('list', { name: 'Our contact details' });
      expect(screen.getByRole('heading', { name: 'Contact details' })).toBeInTheDocument();
      expect(within(details).getByRole('link', { name: 'hello@bleedkits.example' })).toHaveAttribute('href', 'mailto:hello@bleedkits.example');
      expect(within(details).getByRole('link', { name: '0161 496 0000' })).toHaveAttribute('href', 'tel:01614960000');
      const address = details.querySelector('address')!;
      expect([...address.children].map((line) => line.textContent)).toEqual(['Unit 4', '12 High Street', 'Manchester', 'M1 1AA']);
    });

    it.each([
      ['email', { phone: '0161 496 0000', postalAddress: 'Manchester' }, 'Email'],
      ['phone', { email: 'hello@bleedkits.example', postalAddress: 'Manchester' }, 'Phone'],
      ['postal address', { email: 'hello@bleedkits.example', phone: '0161 496 0000' }, 'Postal address'],
    ])('hides the %s line when it is not set, with no placeholder', async (_what, contact, hiddenName) => {
      settings = { contact, donate: {} };
      renderContact();
      const details = await screen.findByRole('list', { name: 'Our contact details' });
      expect(within(details).getAllByRole('listitem')).toHaveLength(2);
      expect(details).not.toHaveTextContent(`${hiddenName}:`);
      expect(details).not.toHaveTextContent(/undefined|not set|N\/A/);
    });

    it('has no contact details card when nothing is set', async () => {
      renderContact();
      await waitFor(() => expect(global.fetch).toHaveBeenCalled());
      await act(() => Promise.resolve());
      expect(card()).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Contact details' })).toBeNull();
    });
  });
});
