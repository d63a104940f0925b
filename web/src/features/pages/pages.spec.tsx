import type { ComponentType } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { makeStore } from '../../app/store';
import {
  AboutPage,
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
];

describe('information pages', () => {
  it.each(PAGES)('%s has one h1, a Home breadcrumb trail and its own title and description', async (path, Page, title, heading) => {
    renderAt(Page, path);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([heading]);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Home', title]);
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
    expect(screen.getByRole('link', { name: 'Enquire about booking' })).toHaveAttribute(
      'href',
      '/contact?subject=First%20Aid%20Training%20Booking',
    );
  });

  it('cabinet options describes the four options', () => {
    renderAt(CabinetOptionsPage, '/cabinet-options');
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Locked cabinet', 'Unlocked cabinet', 'Limited-access building', '24/7 building']);
    expect(screen.getByText('Available 24/7 with an access code')).toBeInTheDocument();
  });

  it('cookie policy lists each cookie with its duration', () => {
    renderAt(CookiePolicyPage, '/cookie-policy');
    const table = screen.getByRole('table', { name: 'Cookies used on this site' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent));
    const durations = Object.fromEntries(rows.map((cells) => [cells[0], cells[3]]));
    expect(durations).toEqual({
      'Session cookie': 'Until you sign out or close your browser',
      'Cookie consent': '1 year',
      'Analytics (_ga)': '2 years',
      'Analytics (_gid)': '24 hours',
      'Map preferences': '30 days',
    });
  });

  it('privacy policy keeps contact details private and points to the cookie policy and contact form', () => {
    renderAt(PrivacyPolicyPage, '/privacy-policy');
    expect(document.body).toHaveTextContent('never shows custodian contact details or access codes');
    expect(document.body).toHaveTextContent('Cabinet access codes are shared only with emergency services');
    expect(screen.getByRole('link', { name: 'cookie policy' })).toHaveAttribute('href', '/cookie-policy');
    expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
  });
});
