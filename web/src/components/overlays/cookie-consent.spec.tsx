import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { CookieConsent, LazyCookiePreferencesDialog, LazyTooltip } from './cookie-consent';
import { COOKIE_CONSENT_KEY } from './cookie-consent-record';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const clock = () => NOW;
const DAY = 24 * 60 * 60 * 1000;

function store(daysAgo: number, preferences = { essential: true, analytics: false, functional: false }) {
  localStorage.setItem(
    COOKIE_CONSENT_KEY,
    JSON.stringify({ accepted: true, preferences, timestamp: new Date(NOW.getTime() - daysAgo * DAY).toISOString() }),
  );
}

const stored = () => JSON.parse(localStorage.getItem(COOKIE_CONSENT_KEY) ?? 'null') as unknown;

function renderConsent() {
  render(
    <MemoryRouter>
      <CookieConsent now={clock} />
    </MemoryRouter>,
  );
}

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });

// The preferences dialog and the settings button's tooltip are chunks of their own; here they have arrived, as they
// have on a page open for a moment.
beforeAll(async () => {
  await Promise.all([LazyCookiePreferencesDialog.preload(), LazyTooltip.preload()]);
});
beforeEach(() => localStorage.clear());

describe('CookieConsent', () => {
  it('shows the banner when no consent is stored', () => {
    renderConsent();
    expect(banner()).toBeInTheDocument();
  });

  it('stays hidden with a fresh record', () => {
    store(10);
    renderConsent();
    expect(banner()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cookie settings' })).toBeInTheDocument();
  });

  it('shows the banner again for a record older than 365 days', () => {
    store(366);
    renderConsent();
    expect(banner()).toBeInTheDocument();
  });

  it('Accept All stores all three categories as on', async () => {
    const user = userEvent.setup();
    renderConsent();
    await user.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(banner()).not.toBeInTheDocument();
    expect(stored()).toEqual({
      accepted: true,
      preferences: { essential: true, analytics: true, functional: true },
      timestamp: NOW.toISOString(),
    });
  });

  it('Save Preferences stores the chosen categories', async () => {
    const user = userEvent.setup();
    renderConsent();
    await user.click(screen.getByRole('button', { name: 'Customise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie Preferences' });
    expect(screen.getByRole('switch', { name: 'Essential cookies' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Essential cookies' })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Functional cookies' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));

    expect(dialog).not.toBeInTheDocument();
    expect(banner()).not.toBeInTheDocument();
    expect(stored()).toEqual({
      accepted: true,
      preferences: { essential: true, analytics: false, functional: true },
      timestamp: NOW.toISOString(),
    });
  });

  it('the floating settings button reopens the dialog with the stored choices', async () => {
    const user = userEvent.setup();
    store(1, { essential: true, analytics: true, functional: false });
    renderConsent();
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    await screen.findByRole('dialog', { name: 'Cookie Preferences' });
    expect(screen.getByRole('switch', { name: 'Analytics cookies' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Functional cookies' })).not.toBeChecked();

    await user.click(screen.getByRole('switch', { name: 'Analytics cookies' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()).toMatchObject({ preferences: { essential: true, analytics: false, functional: false } });
  });
});
