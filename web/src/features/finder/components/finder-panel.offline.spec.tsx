import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PUBLIC_SNAPSHOT_FIELDS, PUBLIC_SNAPSHOT_PATH, publicSnapshotRow, type PublicKit } from '@bleedkits/contracts';
import { dismissToast } from '@/components/toasts/use-toast';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { refreshSnapshot, SNAPSHOT_CACHE } from '../offline/snapshot-store';
import { aKit, geolocationAt, notConfigured, setGeolocation, toast } from '../test/finder-fixtures';
import { FinderPanel } from './finder-panel';

/** Cache Storage as the browser has it (jsdom has none): named caches of request URL → Response. */
function installCacheStorage() {
  const stores = new Map<string, Map<string, Response>>();
  const key = (r: RequestInfo | URL) => new URL(String(r instanceof Request ? r.url : r), window.location.origin).pathname;
  const storage = {
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      const store = stores.get(name)!;
      return {
        match: async (r: RequestInfo | URL) => store.get(key(r))?.clone(),
        put: async (r: RequestInfo | URL, res: Response) => void store.set(key(r), res.clone()),
      };
    },
  } as unknown as CacheStorage;
  Object.defineProperty(globalThis, 'caches', { value: storage, configurable: true });
  return { storage, stores };
}

const publicKit = (id: number, locationName: string, postcode: string, latitude: number, longitude: number, openingHours = '24/7'): PublicKit => ({
  id,
  locationName,
  locationType: 'unlocked_cabinet',
  latitude,
  longitude,
  availability: null,
  openingHours,
  what3words: null,
  addressLine1: `${id} High Street`,
  city: 'London',
  postcode,
  detailedLocation: null,
  deploymentStatus: 'available',
  verificationStatus: 'verified',
});

const SNAPSHOT = {
  format: 1,
  revision: 9,
  fields: PUBLIC_SNAPSHOT_FIELDS,
  kits: [
    publicKit(1, 'Far kit', 'SW1A 2AA', 51.5034, -0.1276),
    publicKit(2, 'Near kit', 'SW1A 1AA', 51.5014, -0.1419),
    publicKit(3, 'Manchester kit', 'M1 1AE', 53.4808, -2.2426),
  ].map(publicSnapshotRow),
  outwardCodes: { SW1A: [51.5015, -0.1419], M1: [53.4808, -2.2426] },
};

const noNetwork = () => {
  throw new TypeError('Failed to fetch');
};

describe('FinderPanel offline', () => {
  const original = window.navigator.geolocation;
  afterEach(() => {
    dismissToast();
    setGeolocation(original);
    delete (globalThis as { caches?: unknown }).caches;
  });

  async function downloadSnapshot(storage: CacheStorage) {
    const etag = 'W/"v9"';
    const fetchMock = mockFetch({
      [`GET ${PUBLIC_SNAPSHOT_PATH}`]: (req) =>
        req.headers.get('If-None-Match') === etag
          ? new Response(null, { status: 304, headers: { ETag: etag } })
          : new Response(JSON.stringify(SNAPSHOT), { headers: { ETag: etag } }),
    });
    expect(await refreshSnapshot({ storage, now: Date.parse('2026-11-20T09:15:00Z') })).toBe('updated');
    // Within a day the stored copy is not asked about at all.
    expect(await refreshSnapshot({ storage, now: Date.parse('2026-11-20T10:00:00Z') })).toBe('fresh');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A day later the server answers 304 to the stored ETag: the copy is kept and its date renewed.
    expect(await refreshSnapshot({ storage, now: Date.parse('2026-11-21T09:15:00Z') })).toBe('unchanged');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  }

  it('comes back after Retry-After when the server is still making its first copy (503), a bounded number of times', async () => {
    const { storage, stores } = installCacheStorage();
    // What the server says is not the app's business here: the status and Retry-After are.
    const busy = () => json({ message: 'busy' }, 503, { 'Retry-After': '7' });
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    let asked = 0;
    const fetchMock = mockFetch({
      [`GET ${PUBLIC_SNAPSHOT_PATH}`]: () => (++asked < 3 ? busy() : new Response(JSON.stringify(SNAPSHOT), { headers: { ETag: 'W/"v9"' } })),
    });
    expect(await refreshSnapshot({ storage, wait, now: Date.parse('2026-11-20T09:15:00Z') })).toBe('updated');
    expect(waits).toEqual([7000, 7000]);
    expect(stores.get(SNAPSHOT_CACHE)?.size).toBe(1);

    // Still busy after the last attempt, or a 503 without Retry-After: given up until the next visit, nothing stored.
    const other = installCacheStorage();
    mockFetch({ [`GET ${PUBLIC_SNAPSHOT_PATH}`]: busy });
    expect(await refreshSnapshot({ storage: other.storage, wait, now: Date.parse('2026-11-20T09:15:00Z') })).toBe('failed');
    expect(waits).toHaveLength(4);
    mockFetch({ [`GET ${PUBLIC_SNAPSHOT_PATH}`]: () => json({ message: 'down' }, 503) });
    expect(await refreshSnapshot({ storage: other.storage, wait, now: Date.parse('2026-11-20T09:15:00Z') })).toBe('failed');
    expect(waits).toHaveLength(4);
    expect(other.stores.get(SNAPSHOT_CACHE)?.size ?? 0).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('with no network, searches a postcode district in the stored snapshot and lists its kits nearest first with the offline notice', async () => {
    const { storage, stores } = installCacheStorage();
    await downloadSnapshot(storage);
    expect(stores.get(SNAPSHOT_CACHE)?.size).toBe(1);
    mockFetch({ 'GET /api/config': noNetwork, 'GET /api/bleed-kits/search': noNetwork });
    const user = userEvent.setup();
    renderApp(<FinderPanel />);

    const form = screen.getByRole('search', { name: 'Search by place' });
    await user.type(within(form).getByLabelText('Postcode, address or location'), 'SW1A');
    await user.click(within(form).getByRole('button', { name: 'Search' }));

    const list = await screen.findByRole('list', { name: 'Bleed kits' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['Near kit', 'Far kit']);
    expect(rows[0]).toHaveTextContent('0.01 km');
    expect(within(rows[0]).getByRole('link', { name: /Directions/ })).toHaveAttribute('href', expect.stringContaining('51.5014,-0.1419'));
    expect(screen.getByText('Offline: showing kits as of 21 November 2026')).toBeInTheDocument();
    expect(screen.getByTestId('finder-announcement')).toHaveTextContent(
      '2 kits near SW1A. Nearest: Near kit, 0.01 km away. Offline: showing kits as of 21 November 2026.',
    );
  });

  it('with no network, finds the kits near the device position', async () => {
    const { storage } = installCacheStorage();
    await downloadSnapshot(storage);
    setGeolocation(geolocationAt(53.48, -2.24));
    mockFetch({ 'GET /api/config': noNetwork, 'GET /api/bleed-kits/nearby': noNetwork });
    const user = userEvent.setup();
    renderApp(<FinderPanel />);
    await user.click(screen.getByRole('button', { name: 'Find Kits Near Me' }));
    const list = await screen.findByRole('list', { name: 'Bleed kits' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((r) => within(r).getByRole('heading').textContent),
    ).toEqual(['Manchester kit']);
    expect(screen.getByText(/^Offline: showing kits as of/)).toBeInTheDocument();
  });

  it('says what can be searched offline when the place is a name', async () => {
    const { storage } = installCacheStorage();
    await downloadSnapshot(storage);
    mockFetch({ 'GET /api/config': noNetwork, 'GET /api/bleed-kits/search': noNetwork });
    const user = userEvent.setup();
    renderApp(<FinderPanel />);
    const form = screen.getByRole('search', { name: 'Search by place' });
    await user.type(within(form).getByLabelText('Postcode, address or location'), 'Westminster');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(toast()).toHaveTextContent('You are offline: search by a postcode or postcode district'));
  });
});

describe('FinderPanel results announcement', () => {
  afterEach(() => dismissToast());

  it('tells screen readers the count and the nearest kit in a polite live region, and follows the open-now filter', async () => {
    mockFetch({
      'GET /api/config': notConfigured(),
      'GET /api/bleed-kits/search': () =>
        json([
          aKit({ distance: 0.4567 }),
          aKit({ id: 2, locationName: 'Closed hall', locationType: 'building_limited', openingHours: 'Closed all days', distance: 0.1 }),
        ]),
    });
    const user = userEvent.setup();
    renderApp(<FinderPanel />);
    const live = screen.getByTestId('finder-announcement');
    expect(live).toHaveAttribute('role', 'status');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveTextContent(/^$/);
    const form = screen.getByRole('search', { name: 'Search by place' });
    await user.type(within(form).getByLabelText('Postcode, address or location'), 'SW1A 1AA');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(live).toHaveTextContent('2 kits near SW1A 1AA. Nearest: Westminster Station, 0.46 km away.'));
    await user.click(screen.getByRole('switch', { name: 'Open now only' }));
    expect(live).toHaveTextContent('1 kit open now near SW1A 1AA. Nearest: Westminster Station, 0.46 km away.');
  });
});
