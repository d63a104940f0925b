import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { HomePage } from './home-page';

/** Renders the home page and waits for its FAQ, which is its own chunk (fetched as the page first renders). */
async function renderHome() {
  const view = render(
    <MemoryRouter initialEntries={['/']}>
      <HomePage />
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
  return view;
}

describe(HomePage.name, () => {
  it('links the hero to registration and to bleed kit information', async () => {
    await renderHome();
    expect(screen.getByRole('link', { name: 'Register Your Bleed Kit' })).toHaveAttribute('href', '/register-kit');
    expect(screen.getByRole('link', { name: 'Learn About Bleed Kits' })).toHaveAttribute('href', '/bleed-kit-info');
  });

  it('asks the five FAQ questions in the spec’s order', async () => {
    await renderHome();
    const questions = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(questions).toEqual([
      'How do I register a bleed kit?',
      'What information do I need to register a kit?',
      'Why should I register my bleed kit?',
      'How are kits verified?',
      'Do I need to register my kit separately with each regional ambulance service?',
    ]);
  });

  it('answers with the registration details, verification, reminders and a single shared registration', async () => {
    const { container } = await renderHome();
    const faq = container.querySelector('[aria-labelledby="home-faq-title"]');
    for (const detail of [
      'serial number',
      'make/model',
      'address, postcode and what3words address',
      'accessibility information',
      'custodian contact details',
      'cabinet access code, which is shared only with emergency services',
      'verified by our admin team before it appears on the public map',
      'a reminder every 6 months',
      'One registration here is shared with all ambulance services',
    ]) {
      expect(faq).toHaveTextContent(detail);
    }
  });

  it('leaves an empty finder slot between the hero and the FAQ', async () => {
    const { container } = await renderHome();
    const finder = container.querySelector('section#finder');
    expect(finder).not.toBeNull();
    expect(finder).toBeEmptyDOMElement();
    const sections = Array.from(container.querySelectorAll('section')).filter((s) => s.parentElement === container);
    expect(sections.map((s) => s.id || s.getAttribute('aria-labelledby'))).toEqual(['hero-title', 'finder', 'home-faq-title']);
  });

  it('publishes Organization, WebSite with a search action, and BreadcrumbList data referencing /contact', async () => {
    await renderHome();
    await waitFor(() => expect(document.getElementById('page-structured-data')).not.toBeNull());
    const data = JSON.parse(document.getElementById('page-structured-data')?.textContent ?? '[]') as Array<Record<string, any>>;
    const origin = window.location.origin;

    expect(data.map((d) => d['@type'])).toEqual(['Organization', 'WebSite', 'BreadcrumbList']);
    expect(data[0].contactPoint.url).toBe(`${origin}/contact`);
    expect(data[1].potentialAction['@type']).toBe('SearchAction');
    expect(data[1].potentialAction.target.urlTemplate).toBe(`${origin}/?search={search_term_string}`);
    expect(data[1].potentialAction['query-input']).toBe('required name=search_term_string');
    expect(document.title).toMatch(/UK Bleed Kit Register$/);
  });
});
