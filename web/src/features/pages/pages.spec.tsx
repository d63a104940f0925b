import type { ComponentType } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { makeStore } from '@/app/store';
import {
  AboutPage,
  AccessibilityPage,
  BleedKitInfoPage,
  CabinetOptionsPage,
  ConstitutionPage,
  ContactPage,
  CookiePolicyPage,
  DonatePage,
  FirstAidTrainingPage,
  PrivacyPolicyPage,
} from './index';

function renderAt(Page: ComponentType, path: string) {
  return render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </Provider>,
  );
}

const PAGES: readonly [string, ComponentType, string, string][] = [
  ['/about', AboutPage, 'About Us', 'About Us'],
  ['/bleed-kit-info', BleedKitInfoPage, 'Bleed Kit Information', 'Bleed Kit Information'],
  ['/first-aid-training', FirstAidTrainingPage, 'First Aid Training', 'First Aid Training'],
  ['/cabinet-options', CabinetOptionsPage, 'Cabinet Options', 'Cabinet Options'],
  ['/privacy-policy', PrivacyPolicyPage, 'Privacy Policy', 'Privacy Policy'],
  ['/cookie-policy', CookiePolicyPage, 'Cookie Policy', 'Cookie Policy'],
  ['/constitution', ConstitutionPage, 'Constitution', 'Constitution'],
  ['/donate', DonatePage, 'Donate', 'Help us keep bleed kits within reach'],
  ['/contact', ContactPage, 'Contact Us', 'Contact Us'],
  ['/accessibility', AccessibilityPage, 'Accessibility Statement', 'Accessibility statement for UK Bleed Kit Register'],
];

describe('information pages', () => {
  it.each(PAGES)('%s has one h1, a Home breadcrumb trail and its own title and description', async (path, Page, title, heading) => {
    renderAt(Page, path);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([heading]);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Home', title]);
    await waitFor(() => expect(document.title).toBe(`${title} | UK Bleed Kit Register`));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBeTruthy();
  });

  it('about describes how the map works in four steps', () => {
    renderAt(AboutPage, '/about');
    const steps = screen.getByRole('heading', { name: 'How the map works' }).closest('section');
    expect(within(steps as HTMLElement).getAllByRole('listitem')).toHaveLength(4);
  });

  it('first aid training states the course facts and links to booking', () => {
    renderAt(FirstAidTrainingPage, '/first-aid-training');
    const card = (name: string) => screen.getByRole('heading', { level: 3, name }).parentElement as HTMLElement;
    expect(card('Emergency First Aid at Work (EFAW)')).toHaveTextContent('1 day');
    expect(card('Emergency First Aid at Work (EFAW)')).toHaveTextContent('Certificate valid for 3 years');
    expect(card('First Aid at Work (FAW)')).toHaveTextContent('3 days');
    expect(card('Catastrophic Bleeding Course')).toHaveTextContent('3-4 hours');
    expect(card('Catastrophic Bleeding Course')).toHaveTextContent('Up to 12 people');
    expect(card('Community Workshop')).toHaveTextContent('1-2 hours');
    expect(screen.getByRole('link', { name: 'Enquire about booking' })).toHaveAttribute('href', '/contact?subject=First%20Aid%20Training%20Booking');
  });

  it('cabinet options describes the four options', () => {
    renderAt(CabinetOptionsPage, '/cabinet-options');
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Locked cabinet', 'Unlocked cabinet', 'Limited-access building', '24/7 building']);
    expect(screen.getByText('Available 24/7 with an access code')).toBeInTheDocument();
  });

  it('cookie policy lists exactly what the site stores, where and for how long, and no analytics', () => {
    renderAt(CookiePolicyPage, '/cookie-policy');
    const table = screen.getByRole('table', { name: 'What this site stores on your device' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent));
    expect(rows.map((cells) => [cells[0], cells[1], cells[3]])).toEqual([
      ['bk.sid', 'Cookie', '14 days after your last visit, or until you sign out'],
      ['bk.device', 'Cookie', '180 days after you last signed in'],
      ['cookieConsent', 'Local storage', 'Until you change your choices or clear your browser data; we ask again after 1 year'],
      ['workbox-precache', 'Cache storage', 'Replaced with each new version of the site; removed when you clear your browser data'],
      ['bk-public-snapshot-v1', 'Cache storage', 'Refreshed at most once a day while you are online; removed when you clear your browser data'],
    ]);
    expect(document.body).toHaveTextContent('We do not use analytics, advertising or tracking cookies');
    expect(document.body).not.toHaveTextContent(/_ga|map preferences|30 days/i);
  });

  it('accessibility statement says how accessible the site is, names the map as a known limitation and how to report a problem', () => {
    renderAt(AccessibilityPage, '/accessibility');
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(
      expect.arrayContaining([
        'Using this website',
        'How accessible this website is',
        'Reporting accessibility problems with this website',
        'Enforcement procedure',
        'Non-accessible content',
      ]),
    );
    expect(document.body).toHaveTextContent('partially compliant with WCAG 2.2 AA');
    expect(document.body).toHaveTextContent(/the Google map is hard to use with a keyboard or a screen reader/);
    expect(screen.getByRole('link', { name: 'report an accessibility problem' })).toHaveAttribute('href', '/contact?subject=Accessibility%20Problem');
  });

  it('privacy policy keeps contact details private and points to the cookie policy and contact form', () => {
    renderAt(PrivacyPolicyPage, '/privacy-policy');
    expect(document.body).toHaveTextContent('never shows custodian contact details or access codes');
    expect(document.body).toHaveTextContent('Cabinet access codes are shared only with emergency services');
    expect(screen.getByRole('link', { name: 'cookie policy' })).toHaveAttribute('href', '/cookie-policy');
    expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
  });
});
