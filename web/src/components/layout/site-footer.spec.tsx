import { screen, within } from '@testing-library/react';
import { SITE_SETTINGS_PATH, type SiteSettings } from '@bleedkits/contracts';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { SiteFooter } from './site-footer';

const withSettings = (contact: SiteSettings['contact']) => mockFetch({ [`GET ${SITE_SETTINGS_PATH}`]: json({ contact, donate: {} }) });

describe('SiteFooter', () => {
  it('links to the accessibility statement and the cookie policy among its resources', () => {
    withSettings({});
    renderApp(<SiteFooter />);
    const resources = screen.getByRole('navigation', { name: 'Resources' });
    expect(within(resources).getByRole('link', { name: 'Accessibility' })).toHaveAttribute('href', '/accessibility');
    expect(within(resources).getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookie-policy');
  });

  it("shows the charity's email, phone and postal address when the deployment sets them", async () => {
    withSettings({ email: 'hello@bleedkits.example', phone: '+44 161 496 0000', postalAddress: 'Unit 4, 12 High Street, Manchester, M1 1AA' });
    renderApp(<SiteFooter />);
    const details = await screen.findByRole('list', { name: 'Contact details' });
    expect(screen.getByRole('heading', { name: 'Contact Us' })).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'hello@bleedkits.example' })).toHaveAttribute('href', 'mailto:hello@bleedkits.example');
    expect(within(details).getByRole('link', { name: '+44 161 496 0000' })).toHaveAttribute('href', 'tel:+441614960000');
    expect(details.querySelector('address')).toHaveTextContent('Unit 412 High StreetManchesterM1 1AA');
  });

  it.each([
    ['email', { phone: '0161 496 0000', postalAddress: 'Manchester' }, 'mailto:'],
    ['phone', { email: 'hello@bleedkits.example', postalAddress: 'Manchester' }, 'tel:'],
  ])('leaves out the %s line when it is not set', async (_what, contact, scheme) => {
    withSettings(contact);
    renderApp(<SiteFooter />);
    const details = await screen.findByRole('list', { name: 'Contact details' });
    expect(within(details).getAllByRole('listitem')).toHaveLength(2);
    expect(details.querySelector(`a[href^="${scheme}"]`)).toBeNull();
  });

  it('leaves out the postal address line when it is not set', async () => {
    withSettings({ email: 'hello@bleedkits.example' });
    renderApp(<SiteFooter />);
    const details = await screen.findByRole('list', { name: 'Contact details' });
    expect(within(details).getAllByRole('listitem')).toHaveLength(1);
    expect(details.querySelector('address')).toBeNull();
  });

  it('has no contact section when nothing is set', async () => {
    const fetchMock = withSettings({});
    renderApp(<SiteFooter />);
    await screen.findByRole('navigation', { name: 'Resources' });
    await new Promise((r) => setTimeout(r, 0));
    expect(fetchMock.calls()).toEqual([`GET ${SITE_SETTINGS_PATH}`]);
    expect(screen.queryByRole('heading', { name: 'Contact Us' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Contact details' })).toBeNull();
  });
});
