import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ConstitutionPage } from './constitution-page';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/constitution']}>
      <ConstitutionPage />
    </MemoryRouter>,
  );
}

const sectionText = (title: string): string => {
  const heading = screen.getByRole('heading', { level: 2, name: new RegExp(`^\\d+\\. ${title}`) });
  return heading.closest('section')?.textContent ?? '';
};

describe(ConstitutionPage.name, () => {
  it('renders 16 sections numbered 1 to 16, in the spec’s order with Interpretation last', () => {
    renderPage();
    const numbered = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent ?? '')
      .filter((text) => /^\d+\. /.test(text));

    expect(numbered).toHaveLength(16);
    expect(numbered.map((text) => Number(text.split('.')[0]))).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    const order = [
      'Name',
      'National location of principal office',
      'Objects',
      'Powers',
      'Application of income and property',
      'Benefits and payments to charity trustees',
      'Conflicts of interest',
      'Liability of members',
      'Membership',
      'Charity trustees',
      'Meetings',
      'Records and accounts',
      'Amendment of constitution',
      'Voluntary winding up or dissolution',
      'Execution of documents',
      'Interpretation',
    ];
    order.forEach((title, index) => expect(numbered[index]).toMatch(new RegExp(`^${index + 1}\\. ${title}`)));
  });

  it('states the objects the spec lists', () => {
    renderPage();
    const objects = sectionText('Objects');
    expect(objects).toMatch(/mapping and maintaining a national register of emergency bleed control kits/);
    expect(objects).toMatch(/ambulance services and a first-responder app/);
    expect(objects).toMatch(/raising funds for the purchase, placement and maintenance of bleed control kits/);
    expect(objects).toMatch(/raising awareness/);
    expect(objects).toMatch(/working with ambulance services and other emergency services/);
  });

  it('states the limits: trustees, term, notice, meetings, quorum, amendment and dissolution', () => {
    renderPage();
    const trustees = sectionText('Charity trustees');
    expect(trustees).toContain('at least 3 and no more than 12 charity trustees');
    expect(trustees).toContain('a term of 3 years');

    const meetings = sectionText('Meetings');
    expect(meetings).toContain("At least 14 clear days' notice of the annual general meeting");
    expect(meetings).toContain('must meet at least 3 times a year');
    expect(meetings).toContain('one-third of the charity trustees or 3, whichever is greater');

    const amendment = sectionText('Amendment of constitution');
    expect(amendment).toContain('all the charity trustees in writing');
    expect(amendment).toContain('two-thirds majority');

    expect(sectionText('Voluntary winding up or dissolution')).toContain("at least 21 days' notice");
  });

  it('has a breadcrumb of Home then Constitution', () => {
    renderPage();
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Home', 'Constitution']);
  });
});
