import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@/components/toasts/use-toast';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import {
  aKit,
  geolocationAt,
  geolocationDenied,
  installGeocoder,
  notConfigured,
  removeGoogle,
  requestsTo,
  setGeolocation,
  toast,
} from '../test/finder-fixtures';
import { FinderPanel } from './finder-panel';

const originalGeolocation = window.navigator.geolocation;

afterEach(() => {
  dismissToast();
  removeGoogle();
  setGeolocation(originalGeolocation);
});

function open(path = '/') {
  const user = userEvent.setup();
  const view = renderApp(<FinderPanel />, { path });
  return { user, ...view };
}

async function searchFor(user: ReturnType<typeof userEvent.setup>, text: string) {
  const form = screen.getByRole('search', { name: 'Search by place' });
  if (text) await user.type(within(form).getByLabelText('Postcode, address or location'), text);
  await user.click(within(form).getByRole('button', { name: 'Search' }));
}

async function searchWhat3words(user: ReturnType<typeof userEvent.setup>, words: string) {
  const form = screen.getByRole('search', { name: 'Search by what3words' });
  if (words) await user.type(within(form).getByLabelText('what3words address'), words);
  await user.click(within(form).getByRole('button', { name: 'Search what3words' }));
}

async function expectToast(title: string, description: string, variant: 'alert' | 'status') {
  await waitFor(() => expect(toast()).toHaveTextContent(title));
  expect(toast()).toHaveTextContent(description);
  expect(toast()).toHaveAttribute('role', variant);
}

describe('FinderPanel', () => {
  describe('without a Maps key', () => {
    it('says the map is not configured, loads no Maps script, and still lists search results', async () => {
      const fetchMock = mockFetch({
        'GET /api/config': notConfigured(),
        'GET /api/bleed-kits/search': () =>
          json([
            aKit({ distance: 0.4567 }),
            aKit({ id: 2, locationName: 'Library', distance: 1.2, deploymentStatus: null, verificationStatus: 'overdue', locationType: null }),
          ]),
      });
      const { user } = open();
      expect(await screen.findByText('Google Maps API key not configured')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Find Bleed Kits' })).toBeInTheDocument();
      expect(document.querySelector('script[src*="maps.googleapis.com"]')).toBeNull();
      // The map's own controls need a map; the legend does not.
      expect(screen.queryByRole('button', { name: 'Zoom in' })).toBeNull();
      expect(screen.getByText('Unlocked Cabinet (24/7)')).toBeInTheDocument();

      await searchFor(user, 'SW1A 1AA');

      const list = await screen.findByRole('list', { name: 'Bleed kits' });
      const rows = within(list).getAllByRole('listitem');
      expect(rows).toHaveLength(2);
      expect(rows[0]).toHaveTextContent('Westminster Station');
      expect(rows[0]).toHaveTextContent('1 High Street, SW1A 1AA');
      expect(rows[0]).toHaveTextContent('Beside the ticket office');
      expect(rows[0]).toHaveTextContent('0.46 km');
      expect(rows[0]).toHaveTextContent('Available');
      expect(rows[1]).toHaveTextContent('Library');
      expect(rows[1]).toHaveTextContent('Needs Verification');
      expect(screen.getByRole('heading', { name: '2 kits near SW1A 1AA' })).toBeInTheDocument();
      expect(requestsTo(fetchMock, '/api/bleed-kits/search').map((u) => u.searchParams.get('location'))).toEqual(['SW1A 1AA']);
    });
  });

  describe('text search', () => {
    it('rejects a blank or whitespace-only search with a toast and no call', async () => {
      const fetchMock = mockFetch({ 'GET /api/config': notConfigured() });
      const { user } = open();
      await searchFor(user, '   ');
      await expectToast('Search Error', 'Please enter a location to search for kits.', 'alert');
      expect(fetchMock.calls()).not.toContain('GET /api/bleed-kits/search');
    });

    it("shows the server's message when the place is not found", async () => {
      mockFetch({
        'GET /api/config': notConfigured(),
        'GET /api/bleed-kits/search': () => json({ message: 'We could not find that location. Please check the postcode or place name.' }, 404),
      });
      const { user } = open();
      await searchFor(user, 'Atlantis');
      await expectToast('Search Error', 'We could not find that location. Please check the postcode or place name.', 'alert');
    });

    it('reports any other failure with the generic message', async () => {
      mockFetch({ 'GET /api/config': notConfigured(), 'GET /api/bleed-kits/search': () => new Response('', { status: 502 }) });
      const { user } = open();
      await searchFor(user, 'Leeds');
      await expectToast('Search Error', 'Failed to search for kits. Please try again.', 'alert');
    });

    it('says so in the list when a found place has no kits', async () => {
      mockFetch({ 'GET /api/config': notConfigured(), 'GET /api/bleed-kits/search': json([]) });
      const { user } = open();
      await searchFor(user, 'Lundy');
      expect(await screen.findByText('No bleed kits were found near this location.')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: '0 kits near Lundy' })).toBeInTheDocument();
    });

    it('runs the search action of the home page (/?search=)', async () => {
      const fetchMock = mockFetch({ 'GET /api/config': notConfigured(), 'GET /api/bleed-kits/search': json([aKit()]) });
      open('/?search=M1%201AE');
      expect(await screen.findByText('Westminster Station')).toBeInTheDocument();
      expect(requestsTo(fetchMock, '/api/bleed-kits/search').map((u) => u.searchParams.get('location'))).toEqual(['M1 1AE']);
      expect(screen.getByLabelText('Postcode, address or location')).toHaveValue('M1 1AE');
    });
  });

  describe('Find Kits Near Me', () => {
    it('lists the nearby kits and names the nearest one with its distance', async () => {
      setGeolocation(geolocationAt(51.5, -0.14));
      const fetchMock = mockFetch({
        'GET /api/config': notConfigured(),
        'GET /api/bleed-kits/nearby': () => json([aKit({ distance: 0.4567 }), aKit({ id: 2, locationName: 'Library', distance: 2 })]),
      });
      const { user } = open();
      await user.click(screen.getByRole('button', { name: 'Find Kits Near Me' }));

      await expectToast('Nearest Kit Found', 'Westminster Station is 0.46 km away', 'status');
      expect(screen.getByRole('heading', { name: '2 kits near your location' })).toBeInTheDocument();
      const [call] = requestsTo(fetchMock, '/api/bleed-kits/nearby');
      expect(Object.fromEntries(call.searchParams)).toEqual({ lat: '51.5', lng: '-0.14', radius: '25' });
    });

    it('says when no kit is within 25 km', async () => {
      setGeolocation(geolocationAt(57.5, -7.3));
      mockFetch({ 'GET /api/config': notConfigured(), 'GET /api/bleed-kits/nearby': json([]) });
      const { user } = open();
      await user.click(screen.getByRole('button', { name: 'Find Kits Near Me' }));
      await expectToast('No Kits Found', 'No bleed kits were found within 25km of your location', 'alert');
    });

    it('falls back to reverse geocoding and the text search when nearby fails', async () => {
      setGeolocation(geolocationAt(53.4808, -2.2426));
      const geocode = installGeocoder([
        { formatted_address: 'Piccadilly, Manchester M1 1AE, UK', address_components: [{ long_name: 'M1 1AE', types: ['postal_code'] }] },
      ]);
      const fetchMock = mockFetch({
        'GET /api/config': notConfigured(),
        'GET /api/bleed-kits/nearby': () => json({ message: 'Internal server error' }, 500),
        'GET /api/bleed-kits/search': () =>
          json([
            aKit({ id: 9, locationName: 'Far Kit', latitude: 53.5, longitude: -2.2426, distance: 0.1, what3words: null }),
            aKit({
              id: 8,
              locationName: 'Piccadilly Gardens',
              latitude: 53.4808,
              longitude: -2.2426,
              openingHours: '24/7',
              what3words: 'index.home.raft',
              distance: 3,
            }),
          ]),
      });
      const { user } = open();
      await user.click(screen.getByRole('button', { name: 'Find Kits Near Me' }));

      // Distances are measured from the visitor, not from the geocoded place, so the nearest comes first.
      await expectToast('Nearest Kit Found', 'Piccadilly Gardens is 0.00 km away. Hours: 24/7. what3words: ///index.home.raft', 'status');
      expect(geocode).toHaveBeenCalledWith({ location: { lat: 53.4808, lng: -2.2426 } }, expect.any(Function));
      expect(requestsTo(fetchMock, '/api/bleed-kits/search').map((u) => u.searchParams.get('location'))).toEqual(['M1 1AE']);
      const rows = within(screen.getByRole('list', { name: 'Bleed kits' })).getAllByRole('listitem');
      expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['Piccadilly Gardens', 'Far Kit']);
      expect(rows[1]).toHaveTextContent('2.13 km');
    });

    it("says 'near your location' when the fallback search finds nothing", async () => {
      setGeolocation(geolocationAt(53.48, -2.24));
      installGeocoder([{ formatted_address: 'Somewhere, UK' }]);
      const fetchMock = mockFetch({
        'GET /api/config': notConfigured(),
        'GET /api/bleed-kits/nearby': () => new Response('', { status: 503 }),
        'GET /api/bleed-kits/search': json([]),
      });
      const { user } = open();
      await user.click(screen.getByRole('button', { name: 'Find Kits Near Me' }));
      await expectToast('No Kits Found', 'No bleed kits were found near your location', 'alert');
      expect(requestsTo(fetchMock, '/api/bleed-kits/search').map((u) => u.searchParams.get('location'))).toEqual(['Somewhere, UK']);
    });

    it('reports a failed search when nearby fails and there is no geocoder to fall back on', async () => {
      setGeolocation(geolocationAt(53.48, -2.24));
      const fetchMock = mockFetch({ 'GET /api/config': notConfigured(), 'GET /api/bleed-kits/nearby': () => new Response('', { status: 503 }) });
      const { user } = open();
      await user.click(screen.getByRole('button', { name: 'Find Kits Near Me' }));
      await expectToast('Search Error', 'Failed to search for kits. Please try again.', 'alert');
      expect(fetchMock.calls()).not.toContain('GET /api/bleed-kits/search');
    });

    it('explains when the browser has no geolocation', async () => {
      setGeolocation(undefined);
      const fetchMock = mockFetch({ 'GET /api/config': notConfigured() });
      const { user } = open();
      await user.click(screen.getByRole('button', { name: 'Find Kits Near Me' }));
      await expectToast('Location Error', 'Geolocation is not supported by your browser.', 'alert');
      expect(fetchMock.calls()).not.toContain('GET /api/bleed-kits/nearby');
    });

    it('explains when the position cannot be read', async () => {
      setGeolocation(geolocationDenied());
      mockFetch({ 'GET /api/config': notConfigured() });
      const { user } = open();
      await user.click(screen.getByRole('button', { name: 'Find Kits Near Me' }));
      await expectToast('Location Error', 'Could not get your current location. Please check your browser permissions.', 'alert');
    });
  });

  describe('what3words search', () => {
    it('rejects a blank three-word address', async () => {
      const fetchMock = mockFetch({ 'GET /api/config': notConfigured() });
      const { user } = open();
      await searchWhat3words(user, '');
      await expectToast('Search Error', 'Please enter a what3words location.', 'alert');
      expect(fetchMock.calls()).not.toContain('GET /api/what3words/convert-to-coordinates');
    });

    it('turns the words into a position and lists the kits near it', async () => {
      const fetchMock = mockFetch({
        'GET /api/config': notConfigured(),
        'GET /api/what3words/convert-to-coordinates': json({ status: 'success', coordinates: { lat: 51.52, lng: -0.195 } }),
        'GET /api/bleed-kits/nearby': json([aKit({ distance: 0.25 })]),
      });
      const { user } = open();
      await searchWhat3words(user, '///filled.count.soap');
      await expectToast('Nearest Kit Found', 'Westminster Station is 0.25 km away', 'status');
      expect(screen.getByRole('heading', { name: '1 kit near ///filled.count.soap' })).toBeInTheDocument();
      expect(requestsTo(fetchMock, '/api/what3words/convert-to-coordinates')[0].searchParams.get('words')).toBe('filled.count.soap');
      expect(Object.fromEntries(requestsTo(fetchMock, '/api/bleed-kits/nearby')[0].searchParams)).toEqual({
        lat: '51.52',
        lng: '-0.195',
        radius: '25',
      });
    });

    it.each(['api_error', 'no_api_key'])('says the service is unavailable when the status is %s', async (status) => {
      const fetchMock = mockFetch({
        'GET /api/config': notConfigured(),
        'GET /api/what3words/convert-to-coordinates': json({ status, message: 'What3Words API key not configured' }),
      });
      const { user } = open();
      await searchWhat3words(user, 'filled.count.soap');
      await expectToast('Search Error', 'Service temporarily unavailable', 'alert');
      expect(fetchMock.calls()).not.toContain('GET /api/bleed-kits/nearby');
    });

    it('reports the example format when the words do not resolve', async () => {
      mockFetch({ 'GET /api/config': notConfigured(), 'GET /api/what3words/convert-to-coordinates': json({ status: 'success' }) });
      const { user } = open();
      await searchWhat3words(user, 'not.real.words');
      await expectToast('Search Error', 'Invalid format. Example: filled.count.soap', 'alert');
    });

    it('reports a failed call', async () => {
      mockFetch({ 'GET /api/config': notConfigured(), 'GET /api/what3words/convert-to-coordinates': () => new Response('', { status: 500 }) });
      const { user } = open();
      await searchWhat3words(user, 'filled.count.soap');
      await expectToast('Search Error', 'Failed to search by what3words. Please try again.', 'alert');
    });
  });
});
