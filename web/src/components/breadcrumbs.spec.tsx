import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Breadcrumbs } from './breadcrumbs';

describe(Breadcrumbs.name, () => {
  it('renders Home as a link to / followed by the trail, the last crumb marked as the current page', () => {
    render(
      <MemoryRouter>
        <Breadcrumbs trail={[{ label: 'Admin', to: '/admin' }, { label: 'Backups' }]} />
      </MemoryRouter>,
    );

    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Home', 'Admin', 'Backups']);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(within(nav).queryByRole('link', { name: 'Backups' })).toBeNull();
    expect(within(nav).getByText('Backups')).toHaveAttribute('aria-current', 'page');
  });

  it('renders only Home for an empty trail', () => {
    render(
      <MemoryRouter>
        <Breadcrumbs trail={[]} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Home']);
  });
});
