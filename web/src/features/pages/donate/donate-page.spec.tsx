import { act, screen, within } from '@testing-library/react';
import { SITE_SETTINGS_PATH, type SiteSettings } from '@bleedkits/contracts';
import { CHARITY } from '@/config/charity';
import { SITE } from '@/config/site';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { DonatePage } from './donate-page';

const GIVING = 'https://giving.example/charity/uk-bleed-kit-register';
const PAYMENT = 'https://pay.example/donate/ukbkr';

/** The page, once its settings call is answered and shown. */
async function renderPage(settings: SiteSettings = { contact: {}, donate: {} }) {
  const fetchMock = mockFetch({ [`GET ${SITE_SETTINGS_PATH}`]: json(settings) });
  const rendered = renderApp(<DonatePage />, { path: '/donate' });
  await act(() => new Promise((r) => setTimeout(r, 10)));
  return { ...rendered, fetchMock };
}

const waysToDonate = () => screen.getByRole('heading', { name: 'Ways to donate' }).closest('section')!;

describe(DonatePage.name, () => {
  it('shows the four highlight tiles, starting with the displayed kit count', async () => {
    await renderPage();
    const tiles = screen.getByRole('list', { name: 'Highlights' });
    expect(tiles).toHaveTextContent(SITE.donateDisplayedKitCount);
    expect(tiles).toHaveTextContent('Registered kits');
    expect(tiles).toHaveTextContent('Emergency access');
    expect(tiles).toHaveTextContent('UK-wide');
    expect(tiles).toHaveTextContent('Lives saved');
  });

  it('shows the impact of £25, £100 and £500', async () => {
    await renderPage();
    const impact = screen.getByRole('heading', { name: 'Your impact' }).closest('section');
    expect(impact).toHaveTextContent('£25funds database hosting for 3 months');
    expect(impact).toHaveTextContent('£100buys essential kit components');
    expect(impact).toHaveTextContent('£500funds a complete kit deployment');
  });

  it('links bank transfers and large donations to the contact form with their subjects', async () => {
    await renderPage();
    expect(screen.getByRole('link', { name: 'Request bank details' })).toHaveAttribute('href', '/contact?subject=Bank%20Transfer%20Details');
    expect(screen.getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', '/contact?subject=Large%20Donation%20Enquiry');
    expect(screen.getByText(/donation over £1,000, a corporate partnership or leaving a gift in your will/)).toBeInTheDocument();
  });

  it('links to the constitution and the charity register', async () => {
    await renderPage();
    expect(screen.getByRole('link', { name: 'constitution' })).toHaveAttribute('href', '/constitution');
    expect(screen.getByRole('link', { name: /Charity Commission for England and Wales register/ })).toHaveAttribute(
      'href',
      CHARITY.regulatorRegisterUrl,
    );
  });

  it("offers both online pages, the charity's own, opening in a new tab, beside bank transfer", async () => {
    await renderPage({ contact: {}, donate: { givingPlatformUrl: GIVING, paymentServiceUrl: PAYMENT } });
    const online = await screen.findByRole('link', { name: /Donate online/ });
    expect(online).toHaveAttribute('href', GIVING);
    expect(online).toHaveAttribute('target', '_blank');
    expect(online).toHaveAccessibleName('Donate online (opens in a new tab)');
    expect(screen.getByRole('link', { name: /Donate by card/ })).toHaveAttribute('href', PAYMENT);
    expect(
      within(waysToDonate())
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Donate online with Gift Aid', 'Donate by card or payment account', 'Bank transfer']);
  });

  it.each([
    ['giving platform', { paymentServiceUrl: PAYMENT }, 'Donate by card or payment account', /Donate online/],
    ['payment service', { givingPlatformUrl: GIVING }, 'Donate online with Gift Aid', /Donate by card/],
  ])('hides the %s option when its page is not set', async (_what, donate, shown, hidden) => {
    await renderPage({ contact: {}, donate });
    expect(await within(waysToDonate()).findByRole('heading', { name: shown })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: hidden })).toBeNull();
    expect(within(waysToDonate()).getAllByRole('heading', { level: 3 })).toHaveLength(2);
  });

  it('leaves only bank transfer when neither page is set, and links no provider home page', async () => {
    const { fetchMock } = await renderPage();
    expect(fetchMock.calls()).toEqual([`GET ${SITE_SETTINGS_PATH}`]);
    expect(
      within(waysToDonate())
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Bank transfer']);
    expect(document.querySelector('a[href*="justgiving"], a[href*="paypal"]')).toBeNull();
  });

  it('shows how to ask for bank details by email and phone when they are set, never the postal address', async () => {
    await renderPage({ contact: { email: 'hello@bleedkits.example', phone: '0161 496 0000', postalAddress: 'Manchester' }, donate: {} });
    const ask = await screen.findByRole('list', { name: 'Ask us for our bank details' });
    expect(within(ask).getByRole('link', { name: 'hello@bleedkits.example' })).toHaveAttribute('href', 'mailto:hello@bleedkits.example');
    expect(within(ask).getByRole('link', { name: '0161 496 0000' })).toHaveAttribute('href', 'tel:01614960000');
    expect(ask).not.toHaveTextContent('Manchester');
  });

  it('shows no contact lines on the bank transfer option when none is set', async () => {
    await renderPage({ contact: { postalAddress: 'Manchester' }, donate: {} });
    expect(screen.queryByRole('list', { name: 'Ask us for our bank details' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Request bank details' })).toBeInTheDocument();
  });
});
