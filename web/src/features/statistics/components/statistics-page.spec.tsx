import { screen, within } from '@testing-library/react';
import type { StatisticsResponse } from '@bleedkits/contracts';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { StatisticsPage } from './statistics-page';

const stats: StatisticsResponse = {
  totalActiveKits: 8,
  verification: { manuallyVerified: 3, total: 8 },
  byAccessType: [
    { type: '24/7 Access', count: 5 },
    { type: 'Limited Hours', count: 3 },
  ],
  byAmbulanceService: [
    { service: 'north_west', count: 4 },
    { service: 'london', count: 2 },
    { service: 'unknown', count: 2 },
    { service: 'welsh', count: 0 },
  ],
  byMake: [
    { make: 'daniel_baird_foundation', count: 6 },
    { make: 'st_john_ambulance', count: 2 },
  ],
  byStatus: [
    { status: 'active', count: 8 },
    { status: 'pending', count: 3 },
  ],
};

const card = (label: string) => screen.getByText(label).closest('.MuiCard-root') as HTMLElement;

describe('StatisticsPage', () => {
  it('shows a spinner with its message while loading', () => {
    mockFetch({ 'GET /api/statistics': () => new Promise<Response>(() => undefined) });
    renderApp(<StatisticsPage />);
    // The status region says it in words; the spinner beside them is hidden from assistive technology.
    expect(screen.getByRole('status')).toHaveTextContent('Loading statistics...');
    expect(screen.getByRole('progressbar', { hidden: true })).toHaveAttribute('aria-hidden', 'true');
  });

  it('says so when the statistics cannot be loaded', async () => {
    mockFetch({ 'GET /api/statistics': () => new Response('', { status: 500 }) });
    renderApp(<StatisticsPage />);
    expect(await screen.findByText('Failed to load statistics. Please try again later.')).toBeInTheDocument();
  });

  it('shows the headline cards: total, verified %, 24/7 count and regions (unknown and empty excluded)', async () => {
    mockFetch({ 'GET /api/statistics': json(stats) });
    renderApp(<StatisticsPage />);
    await screen.findByText('Total Active Kits');
    expect(card('Total Active Kits')).toHaveTextContent('8');
    expect(card('Verified Data')).toHaveTextContent('38%');
    expect(card('24/7 Access Kits')).toHaveTextContent('5');
    expect(card('Ambulance Regions')).toHaveTextContent('2');
    expect(document.title).toBe('Statistics | UK Bleed Kit Register');
  });

  it('lists the distributions, access types as a share of the active kits', async () => {
    mockFetch({ 'GET /api/statistics': json(stats) });
    renderApp(<StatisticsPage />);
    const access = await screen.findByRole('list', { name: 'By Access Type' });
    expect(
      within(access)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['24/7 Access5 (63%)', 'Limited Hours3 (38%)']);
    expect(within(screen.getByRole('list', { name: 'By Ambulance Service Region' })).getByText('North West')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'By Kit Manufacturer' })).getByText('Daniel Baird Foundation (Turtle)')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Status Overview' })).getByText('Pending Approval')).toBeInTheDocument();
    expect(screen.getByText(/over 30,000 foundation bleed kits in the UK/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register a Kit' })).toHaveAttribute('href', '/register');
  });

  it('shows 0% when there are no active kits', async () => {
    mockFetch({
      'GET /api/statistics': json({
        totalActiveKits: 0,
        verification: { manuallyVerified: 0, total: 0 },
        byAccessType: [{ type: '24/7 Access', count: 0 }],
        byAmbulanceService: [],
        byMake: [],
        byStatus: [],
      }),
    });
    renderApp(<StatisticsPage />);
    await screen.findByText('Total Active Kits');
    expect(card('Verified Data')).toHaveTextContent('0%');
    expect(card('24/7 Access Kits')).toHaveTextContent('0');
    expect(card('Ambulance Regions')).toHaveTextContent('0');
    expect(within(screen.getByRole('list', { name: 'By Access Type' })).getByRole('listitem')).toHaveTextContent('24/7 Access0 (0%)');
  });
});
