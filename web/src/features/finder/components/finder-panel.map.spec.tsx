import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { dismissToast } from '@/components/toasts/use-toast';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { aKit, mapsKey, requestsTo, toast } from '../test/finder-fixtures';
import { FinderPanel } from './finder-panel';
import type { FinderMapViewProps } from './map-view.types';

/** A stand-in for the Google map: records what the panel asks of it and lets the test move the viewport. */
let mapProps: FinderMapViewProps | null = null;
function FakeMap(props: FinderMapViewProps) {
  mapProps = props;
  const { onReadyChange } = props;
  useEffect(() => {
    onReadyChange(true);
    return () => onReadyChange(false);
  }, [onReadyChange]);
  return <div data-testid="fake-map" />;
}

const londonView = { north: 51.6, south: 51.4, east: 0.1, west: -0.3, zoom: 11 };

afterEach(() => {
  dismissToast();
  mapProps = null;
});

function open() {
  const user = userEvent.setup();
  renderApp(<FinderPanel MapView={FakeMap} />);
  return user;
}

describe('FinderPanel with a map', () => {
  it('fetches the viewport once the map settles (debounced 500 ms) and lists its kits; clusters go to the map', async () => {
    const fetchMock = mockFetch({
      'GET /api/config': mapsKey('key-123'),
      'GET /api/bleed-kits/public': json([
        aKit(),
        aKit({ id: 2, locationName: 'Library' }),
        { isCluster: true, id: 'c1', count: 1200, latitude: 51.45, longitude: -0.2 },
      ]),
    });
    open();
    await screen.findByTestId('fake-map');
    expect(mapProps?.apiKey).toBe('key-123');
    expect(screen.queryByText('Google Maps API key not configured')).toBeNull();

    act(() => {
      mapProps?.onViewportChange({ ...londonView, zoom: 9 });
      mapProps?.onViewportChange(londonView);
    });
    expect(requestsTo(fetchMock, '/api/bleed-kits/public')).toHaveLength(0);

    expect(await screen.findByRole('heading', { name: '1.2k kits in this area' })).toBeInTheDocument();
    const calls = requestsTo(fetchMock, '/api/bleed-kits/public');
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0].searchParams)).toEqual({ north: '51.6', south: '51.4', east: '0.1', west: '-0.3', zoom: '11', limit: '1000' });
    expect(within(screen.getByRole('list', { name: 'Bleed kits' })).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(mapProps?.clusters).toEqual([{ isCluster: true, id: 'c1', count: 1200, latitude: 51.45, longitude: -0.2 }]));
    expect(mapProps?.kits.map((k) => k.locationName)).toEqual(['Westminster Station', 'Library']);
  });

  it('centres a search result at zoom 13, and restores the area view with a toast', async () => {
    mockFetch({
      'GET /api/config': mapsKey(),
      'GET /api/bleed-kits/public': json([aKit({ id: 5, locationName: 'Area Kit' })]),
      'GET /api/bleed-kits/search': json([aKit({ id: 6, locationName: 'Found Kit', latitude: 53.48, longitude: -2.24, distance: 0.3 })]),
    });
    const user = open();
    await screen.findByTestId('fake-map');
    act(() => mapProps?.onViewportChange(londonView));
    expect(await screen.findByText('Area Kit')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Postcode, address or location'), 'M1 1AE');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Found Kit')).toBeInTheDocument();
    expect(screen.queryByText('Area Kit')).toBeNull();
    expect(mapProps?.camera).toMatchObject({ kind: 'centre', position: { lat: 53.48, lng: -2.24 }, zoom: 13 });
    expect(mapProps?.clusters).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Show all kits in this area' }));
    await waitFor(() => expect(toast()).toHaveTextContent('Map View Restored'));
    expect(toast()).toHaveTextContent('Showing all available kits in the current area');
    expect(toast()).toHaveAttribute('role', 'status');
    expect(screen.getByText('Area Kit')).toBeInTheDocument();
  });

  it('centres on the place the server found (X-Search-Place) rather than on a kit', async () => {
    mockFetch({
      'GET /api/config': mapsKey(),
      'GET /api/bleed-kits/search': () =>
        new Response(JSON.stringify([aKit({ latitude: 51.51, longitude: -0.15 })]), {
          headers: {
            'Content-Type': 'application/json',
            'X-Search-Place': JSON.stringify({ lat: 51.5014, lng: -0.1419, label: 'SW1A 1AA', source: 'gazetteer' }),
          },
        }),
    });
    const user = open();
    await screen.findByTestId('fake-map');
    await user.type(screen.getByLabelText('Postcode, address or location'), 'SW1A 1AA');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(mapProps?.camera).toMatchObject({ kind: 'centre', position: { lat: 51.5014, lng: -0.1419 }, zoom: 13 }));
  });

  it('recentres on the default view when the searched place cannot be found', async () => {
    mockFetch({ 'GET /api/config': mapsKey(), 'GET /api/bleed-kits/search': json({ message: 'Not found' }, 404) });
    const user = open();
    await screen.findByTestId('fake-map');
    await user.type(screen.getByLabelText('Postcode, address or location'), 'Atlantis');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(mapProps?.camera).toMatchObject({ kind: 'reset' }));
  });

  it('zooms in and out by one level per click', async () => {
    mockFetch({ 'GET /api/config': mapsKey() });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Zoom in' }));
    expect(mapProps?.camera).toMatchObject({ kind: 'zoom', delta: 1 });
    const first = mapProps?.camera?.id;
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(mapProps?.camera?.id).not.toBe(first);
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(mapProps?.camera).toMatchObject({ kind: 'zoom', delta: -1 });
  });

  it('switches to the heatmap, whose box sets the scheme and steps the intensity by 10%', async () => {
    mockFetch({ 'GET /api/config': mapsKey() });
    const user = open();
    await screen.findByRole('button', { name: 'Zoom in' });
    expect(screen.queryByRole('region', { name: 'Availability Heatmap' })).toBeNull();
    expect(mapProps?.viewMode).toBe('pins');

    await user.click(screen.getByRole('button', { name: 'Heatmap' }));
    expect(mapProps?.viewMode).toBe('heatmap');
    const box = screen.getByRole('region', { name: 'Availability Heatmap' });
    expect(mapProps?.heatmap).toEqual({ scheme: 'default', intensity: 50 });

    await user.click(within(box).getByRole('button', { name: 'Heatmap settings' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Emergency' }));
    expect(mapProps?.heatmap.scheme).toBe('emergency');

    await user.click(screen.getByRole('button', { name: 'Increase intensity' }));
    expect(mapProps?.heatmap.intensity).toBe(60);
    await user.click(screen.getByRole('button', { name: 'Decrease intensity' }));
    await user.click(screen.getByRole('button', { name: 'Decrease intensity' }));
    expect(mapProps?.heatmap).toEqual({ scheme: 'emergency', intensity: 40 });
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Pins' }));
    expect(mapProps?.viewMode).toBe('pins');
  });

  it('centres on the visitor with the locate-me button', async () => {
    Object.defineProperty(window.navigator, 'geolocation', {
      value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 52.1, longitude: -1.2 } } as GeolocationPosition) },
      configurable: true,
    });
    mockFetch({ 'GET /api/config': mapsKey() });
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Show my location' }));
    await waitFor(() => expect(mapProps?.camera).toMatchObject({ kind: 'centre', position: { lat: 52.1, lng: -1.2 }, zoom: 13 }));
    expect(mapProps?.userPosition).toEqual({ lat: 52.1, lng: -1.2 });
  });
});
