import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FinderKit } from '@bleedkits/contracts';
import { readFinderItem } from '../lib/listing';
import { renderApp } from '@/test/render';
import type { FinderResults } from '../hooks/use-finder-results';
import { aKit } from '../test/finder-fixtures';
import { OPEN_NOW_FILTER_LABEL, ResultsList } from './results-list';

/** Monday 5 January 2026, 10:00 in London (GMT). */
const MONDAY_10AM = new Date('2026-01-05T10:00:00Z');

const kit = (overrides: Record<string, unknown>) => readFinderItem(aKit(overrides)) as FinderKit;

const KITS = [
  kit({ id: 1, locationName: 'Station cabinet', openingHours: '24/7', distance: 0.1 }),
  kit({ id: 2, locationName: 'Library', locationType: 'building_limited', openingHours: 'Mon-Fri: 09:00-17:00; Closed: Sat, Sun', distance: 0.2 }),
  kit({
    id: 3,
    locationName: 'Evening club',
    locationType: 'building_limited',
    openingHours: 'Mon-Fri: 18:00-23:00; Closed: Sat, Sun',
    distance: 0.3,
  }),
  kit({
    id: 4,
    locationName: 'Weekend hall',
    locationType: 'building_limited',
    openingHours: 'Sat-Sun: 10:00-16:00; Closed: Mon, Tue, Wed, Thu, Fri',
    distance: 0.4,
  }),
  kit({
    id: 5,
    locationName: 'Primary school',
    locationType: 'building_limited',
    openingHours: 'Mon-Fri: 08:30-15:30; Closed: Sat, Sun (Term time only)',
    distance: 0.5,
  }),
  kit({ id: 6, locationName: 'Locked cabinet', locationType: 'locked_cabinet', openingHours: 'Mon-Fri: 09:00-17:00', distance: 0.6 }),
  kit({ id: 7, locationName: 'Village shop', locationType: 'building_limited', openingHours: 'Ask in the shop', what3words: null, distance: 0.7 }),
];

const results = (kits: FinderKit[]): FinderResults => ({ source: 'search', kits, clusters: [], label: 'SW1A 1AA', origin: null, offlineAsOf: null });

function Harness({ kits = KITS, now = MONDAY_10AM, offlineAsOf = null }: { kits?: FinderKit[]; now?: Date; offlineAsOf?: string | null }) {
  const [openOnly, setOpenOnly] = useState(false);
  return <ResultsList results={{ ...results(kits), offlineAsOf }} hasMap={false} now={now} openOnly={openOnly} onOpenOnlyChange={setOpenOnly} />;
}

const rows = () => within(screen.getByRole('list', { name: 'Bleed kits' })).getAllByRole('listitem');
const row = (name: string) => rows().find((r) => within(r).queryByRole('heading', { name }))!;
const badge = (name: string) => within(row(name)).queryByTestId('open-now')?.textContent ?? null;

describe('ResultsList', () => {
  const ua = Object.getOwnPropertyDescriptor(window.navigator, 'userAgent');
  afterEach(() => {
    if (ua) Object.defineProperty(window.navigator, 'userAgent', ua);
    else delete (window.navigator as { userAgent?: string }).userAgent;
  });

  it('shows whether each kit is open now, in London time', () => {
    renderApp(<Harness />);
    expect(badge('Station cabinet')).toBe('24/7');
    expect(badge('Library')).toBe('Open now');
    expect(badge('Evening club')).toBe('Opens at 18:00');
    expect(badge('Weekend hall')).toBe('Closed today');
    expect(badge('Primary school')).toBe('Term time only');
    expect(badge('Locked cabinet')).toBe('24/7');
    // Hours nobody can read give no badge, only the text.
    expect(badge('Village shop')).toBeNull();
    expect(row('Village shop')).toHaveTextContent('Ask in the shop');
  });

  it("'Open now only' keeps the kits known to be open, and says so in the heading", async () => {
    const user = userEvent.setup();
    renderApp(<Harness />);
    expect(screen.getByRole('heading', { name: '7 kits near SW1A 1AA' })).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: OPEN_NOW_FILTER_LABEL }));
    expect(rows().map((r) => within(r).getByRole('heading').textContent)).toEqual(['Station cabinet', 'Library', 'Locked cabinet']);
    expect(screen.getByRole('heading', { name: '3 kits open now near SW1A 1AA' })).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: OPEN_NOW_FILTER_LABEL }));
    expect(rows()).toHaveLength(7);
  });

  it('says so when none of the kits is open now', async () => {
    const user = userEvent.setup();
    renderApp(<Harness kits={[KITS[3]]} />);
    await user.click(screen.getByRole('switch', { name: OPEN_NOW_FILTER_LABEL }));
    expect(screen.queryByRole('list', { name: 'Bleed kits' })).toBeNull();
    expect(screen.getByText(/None of these kits is known to be open now/)).toBeInTheDocument();
  });

  it('changes the badge as the clock moves on', () => {
    const { unmount } = renderApp(<Harness now={new Date('2026-01-05T17:30:00Z')} />);
    expect(badge('Library')).toBe('Closed today');
    unmount();
    renderApp(<Harness now={new Date('2026-01-10T11:00:00Z')} />);
    expect(badge('Weekend hall')).toBe('Open now');
  });

  it('links each kit to directions in Google Maps on a desktop, with the what3words address shown', () => {
    renderApp(<Harness kits={[KITS[0]]} />);
    const link = within(row('Station cabinet')).getByRole('link', { name: /Directions to Station cabinet/ });
    expect(link).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=51.5014,-0.1419');
    expect(link).toHaveAttribute('target', '_blank');
    expect(row('Station cabinet')).toHaveTextContent('///filled.count.soap');
  });

  it('hands Android a geo: link and iPhone an Apple Maps link', () => {
    Object.defineProperty(window.navigator, 'userAgent', {
      value: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130.0 Mobile Safari/537.36',
      configurable: true,
    });
    const { unmount } = renderApp(<Harness kits={[KITS[0]]} />);
    const geo = within(row('Station cabinet')).getByRole('link', { name: /Directions/ });
    expect(geo).toHaveAttribute('href', 'geo:51.5014,-0.1419?q=51.5014,-0.1419(Station%20cabinet)');
    expect(geo).not.toHaveAttribute('target');
    unmount();
    Object.defineProperty(window.navigator, 'userAgent', {
      value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
      configurable: true,
    });
    renderApp(<Harness kits={[KITS[0]]} />);
    expect(within(row('Station cabinet')).getByRole('link', { name: /Directions/ })).toHaveAttribute(
      'href',
      'https://maps.apple.com/?daddr=51.5014,-0.1419&q=Station%20cabinet',
    );
  });

  it('shows the offline notice with the date of the stored kits', () => {
    renderApp(<Harness offlineAsOf="2026-11-21T09:15:00.000Z" />);
    expect(screen.getByRole('status')).toHaveTextContent('Offline: showing kits as of 21 November 2026');
  });
});
