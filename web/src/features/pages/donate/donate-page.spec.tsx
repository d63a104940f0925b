import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CHARITY } from '@/config/charity';
import { SITE } from '@/config/site';
import { DonatePage } from './donate-page';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/donate']}>
      <DonatePage />
    </MemoryRouter>,
  );
}

describe(DonatePage.name, () => {
  it('shows the four highlight tiles, starting with the displayed kit count', () => {
    renderPage();
    const tiles = screen.getByRole('list', { name: 'Highlights' });
    expect(tiles).toHaveTextContent(SITE.donateDisplayedKitCount);
    expect(tiles).toHaveTextContent('Registered kits');
    expect(tiles).toHaveTextContent('Emergency access');
    expect(tiles).toHaveTextContent('UK-wide');
    expect(tiles).toHaveTextContent('Lives saved');
  });

  it('shows the impact of £25, £100 and £500', () => {
    renderPage();
    const impact = screen.getByRole('heading', { name: 'Your impact' }).closest('section');
    expect(impact).toHaveTextContent('£25funds database hosting for 3 months');
    expect(impact).toHaveTextContent('£100buys essential kit components');
    expect(impact).toHaveTextContent('£500funds a complete kit deployment');
  });

  it('links bank transfers and large donations to the contact form with their subjects', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Request bank details' })).toHaveAttribute('href', '/contact?subject=Bank%20Transfer%20Details');
    expect(screen.getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', '/contact?subject=Large%20Donation%20Enquiry');
    expect(screen.getByText(/donation over £1,000, a corporate partnership or leaving a gift in your will/)).toBeInTheDocument();
  });

  it('links to the constitution and the charity register', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'constitution' })).toHaveAttribute('href', '/constitution');
    expect(screen.getByRole('link', { name: /Charity Commission for England and Wales register/ })).toHaveAttribute(
      'href',
      CHARITY.regulatorRegisterUrl,
    );
  });
});
