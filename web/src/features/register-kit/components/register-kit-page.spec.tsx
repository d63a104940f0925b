import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AMBULANCE_SERVICE_OPTIONS, defaultKitDates, KIT_MAKE_OPTIONS, KitMessages, LOCKED_CABINET_NOTICE } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { json, mockFetch, type Routes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { RegisterKitPage } from './register-kit-page';

type User = ReturnType<typeof userEvent.setup>;

// A long form: filling it in jsdom takes a few seconds.
afterEach(() => dismissToast());

const configRoutes: Routes = {
  'GET /api/config': () => new Response('Google Maps API key not configured', { headers: { 'Content-Type': 'text/plain' } }),
  'GET /api/config/manufacturers': () => json(KIT_MAKE_OPTIONS),
  'GET /api/config/ambulance-services': () => json(AMBULANCE_SERVICE_OPTIONS),
  'GET /api/what3words/convert-to-3wa': () => json({ status: 'no_api_key', message: 'not configured' }),
};

function open(routes: Routes = {}) {
  const fetchMock = mockFetch({ ...configRoutes, ...routes });
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const app = renderApp(
    [
      { path: '/register-kit', element: <RegisterKitPage /> },
      { path: '/dashboard', element: <h1>Dashboard stub</h1> },
    ],
    { path: '/register-kit' },
  );
  return { user, fetchMock, ...app };
}

/** The toast on screen (the page itself is too large for quick role queries). */
const toast = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>('[data-toast]');
    expect(el).not.toBeNull();
    return el as HTMLElement;
  });
const submit = (user: User) => user.click(screen.getByText('Register Kit', { selector: 'button' }));

const field = (label: string | RegExp) => screen.getByLabelText(label);

/** Pastes rather than types: one change per field keeps the long form quick to fill. */
async function fill(user: User, label: string, text: string) {
  await user.click(field(label));
  await user.paste(text);
}

async function fillValidKit(user: User) {
  await fill(user, 'Serial Number', 'SN-000123');
  await fill(user, 'Location Name', 'Village Hall');
  await fill(user, 'Address Line 1', '1 Church Lane');
  await fill(user, 'City', 'Leeds');
  await fill(user, 'Postcode', 'LS1 1AA');
  await fill(user, 'Custodian Name', 'Jo Bloggs');
  await fill(user, 'Custodian Phone', '07700 900123');
  await fill(user, 'Custodian Email', 'jo@example.org');
}

async function setCoordinates(user: User, lat: string, lng: string) {
  await fill(user, 'Latitude', lat);
  await fill(user, 'Longitude', lng);
  // The coordinates' own Set Location (the three-word input has another).
  const group = field('Latitude').closest<HTMLElement>('[role="group"]') as HTMLElement;
  await user.click(within(group).getByText('Set Location', { selector: 'button' }));
}

describe('RegisterKitPage', () => {
  it('shows the heading, the why-register box, every section and the defaults', async () => {
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Register Bleed Kit with Ambulance Services' })).toBeInTheDocument();
    expect(screen.getByText('Why register your bleed kit?')).toBeInTheDocument();
    for (const name of ['Kit Information', 'Location Information', 'Availability', 'Custodian Information']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText('Precise Kit Location')).toBeInTheDocument();
    await waitFor(() => expect(field('Kit Make')).toHaveValue('daniel_baird_foundation'));
    expect(within(field('Kit Make')).getByRole('option', { name: 'Daniel Baird Foundation (Turtle)' })).toBeInTheDocument();
    expect(field('Location Type')).toHaveValue('unlocked_cabinet');
    expect(
      within(field('Location Type'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['unlocked_cabinet', 'locked_cabinet', 'building_limited', 'building_247']);
    const dates = defaultKitDates();
    expect(field('Purchase Date')).toHaveValue(dates.purchaseDate);
    expect(field('Expiry Date')).toHaveValue(dates.expiryDate);
    await waitFor(() => expect(field('Ambulance Service')).toHaveValue('unknown'));
    expect(screen.getByText(/medical-products regulator/)).toHaveTextContent('The maximum life of a medical kit is 5 years after production.');
    expect(screen.getByRole('switch', { name: 'Show this kit on the public map' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/dashboard');
  });

  it('asks for the other make and the cabinet code (labelled required) only when they apply', async () => {
    const { user } = open();
    await waitFor(() => expect(field('Kit Make')).toHaveValue('daniel_baird_foundation'));
    // The form shows the current make at once and the whole list when the makes call answers.
    await waitFor(() =>
      expect(
        within(field('Kit Make'))
          .getAllByRole('option')
          .map((o) => o.getAttribute('value')),
      ).toContain('other'),
    );
    expect(screen.queryByLabelText(/Other Make/)).not.toBeInTheDocument();
    await user.selectOptions(field('Kit Make'), 'other');
    expect(field(/Other Make/)).toBeRequired();

    expect(screen.queryByLabelText(/Cabinet Code/)).not.toBeInTheDocument();
    await user.selectOptions(field('Location Type'), 'locked_cabinet');
    expect(field(/Cabinet Code/)).toBeRequired();
    expect(screen.getByText(LOCKED_CABINET_NOTICE)).toBeInTheDocument();
    await waitFor(() => expect(field('Opening Hours (Legacy Format)')).toHaveValue('24/7'));
  });

  it('shows every validation message at once and the missing-location toast', async () => {
    const { user, fetchMock } = open();
    await user.clear(field('Purchase Date'));
    await user.clear(field('Expiry Date'));
    await submit(user);

    for (const message of [
      KitMessages.serialNumber,
      KitMessages.locationName,
      KitMessages.addressLine1,
      KitMessages.city,
      KitMessages.postcode,
      KitMessages.purchaseDate,
      KitMessages.expiryDate,
      KitMessages.custodianName,
      KitMessages.custodianPhone,
      KitMessages.custodianEmail,
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    const shown = await toast();
    expect(shown).toHaveTextContent('Error');
    expect(shown).toHaveTextContent('Please select a location on the map');
    expect(fetchMock.calls()).not.toContain('POST /api/bleed-kits');
  });

  it('still refuses a complete form without a location on the map', async () => {
    const { user, fetchMock } = open();
    await fillValidKit(user);
    await submit(user);
    expect(await toast()).toHaveTextContent('Please select a location on the map');
    expect(fetchMock.calls()).not.toContain('POST /api/bleed-kits');
  });

  it('detects the ambulance service live: the postcode prefix beats the city text', async () => {
    const { user } = open();
    await waitFor(() => expect(field('Ambulance Service')).toHaveValue('unknown'));
    await fill(user, 'City', 'Cardiff');
    expect(field('Ambulance Service')).toHaveValue('welsh');
    await user.type(field('Postcode'), 'L');
    // One character is not enough to re-run from the postcode.
    expect(field('Ambulance Service')).toHaveValue('welsh');
    await user.type(field('Postcode'), 'S1 1AA');
    expect(field('Ambulance Service')).toHaveValue('yorkshire');
  });

  it('registers the kit, shows the busy label, confirms and goes to the dashboard', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { user, fetchMock, router } = open({ 'POST /api/bleed-kits': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await waitFor(() => expect(field('Kit Make')).toHaveValue('daniel_baird_foundation'));
    await fillValidKit(user);
    await setCoordinates(user, '53.797', '-1.5437');
    await submit(user);

    expect(await screen.findByRole('button', { name: 'Registering...' })).toBeDisabled();
    answer(json({ id: 7 }, 201));
    expect(await screen.findByText('Bleed kit registered successfully. Awaiting approval.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));

    const [body] = (await fetchMock.bodies('POST /api/bleed-kits')) as Record<string, unknown>[];
    expect(body).toMatchObject({
      serialNumber: 'SN-000123',
      make: 'daniel_baird_foundation',
      locationType: 'unlocked_cabinet',
      locationName: 'Village Hall',
      addressLine1: '1 Church Lane',
      city: 'Leeds',
      postcode: 'LS1 1AA',
      latitude: '53.797',
      longitude: '-1.5437',
      openingHours: 'Mon-Fri: 09:00-17:00; Closed: Sat, Sun',
      custodianName: 'Jo Bloggs',
      custodianPhone: '07700 900123',
      custodianEmail: 'jo@example.org',
      ambulanceService: 'yorkshire',
      publicDisplay: true,
    });
    expect(JSON.parse(body.availability as string)).toMatchObject({ is24x7: false, monday: { isOpen: true, openTime: '09:00', closeTime: '17:00' } });
  });

  it('shows the server message when registration fails', async () => {
    const { user, router } = open({
      'POST /api/bleed-kits': () => json({ message: 'Please select a kit make.', errors: ['Please select a kit make.'] }, 400),
    });
    await fillValidKit(user);
    await setCoordinates(user, '53.797', '-1.5437');
    await submit(user);
    expect(await toast()).toHaveTextContent('Please select a kit make.');
    expect(router.state.location.pathname).toBe('/register-kit');
  });

  it('falls back to the generic message when the server gives none', async () => {
    const { user } = open({ 'POST /api/bleed-kits': () => new Response('', { status: 502 }) });
    await fillValidKit(user);
    await setCoordinates(user, '53.797', '-1.5437');
    await submit(user);
    expect(await toast()).toHaveTextContent('Something went wrong. Please try again.');
  });
});
