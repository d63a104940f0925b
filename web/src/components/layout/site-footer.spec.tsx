import { screen, within } from '@testing-library/react';
import { renderApp } from '@/test/render';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  it('links to the accessibility statement and the cookie policy among its resources', () => {
    renderApp(<SiteFooter />);
    const resources = screen.getByRole('navigation', { name: 'Resources' });
    expect(within(resources).getByRole('link', { name: 'Accessibility' })).toHaveAttribute('href', '/accessibility');
    expect(within(resources).getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookie-policy');
  });
});
