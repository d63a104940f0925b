import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StatTile } from './stat-tile';

describe(StatTile.name, () => {
  it('is a region named by its label, holding the label, the figure and its hint in reading order', () => {
    render(<StatTile label="Expiring Soon" value={3} colour="warning.main" hint="Expiring within 3 months" />);
    const tile = screen.getByRole('region', { name: 'Expiring Soon' });
    expect(tile).toHaveClass('MuiCard-root');
    expect([...tile.querySelectorAll('p, span')].map((e) => e.textContent)).toEqual(['Expiring Soon', '3', 'Expiring within 3 months']);
    // The figure is a paragraph, not a heading: a page of tiles keeps its outline.
    expect(within(tile).getByText('3').tagName).toBe('P');
    expect(within(tile).queryByRole('heading')).toBeNull();
  });

  it('leaves the hint out when there is none, and shows a figure given as text as it is', () => {
    render(<StatTile label="Verified Data" value="38%" />);
    expect(screen.getByRole('region', { name: 'Verified Data' })).toHaveTextContent(/^Verified Data38%$/);
  });

  it('puts an icon above the figure and the label under it (the headline layout)', () => {
    render(<StatTile label="Total Active Kits" value="1,204" icon={<svg data-testid="icon" />} />);
    const tile = screen.getByRole('region', { name: 'Total Active Kits' });
    expect(within(tile).getByTestId('icon')).toBeInTheDocument();
    expect(tile).toHaveTextContent(/^1,204Total Active Kits$/);
  });

  it('becomes one button, named by its action, when it opens details', async () => {
    const onClick = jest.fn();
    render(
      <StatTile label="Verification Due" value={2} hint="Click to show details" onClick={onClick} action="Verification Due: 2 kits. Show details" />,
    );
    const tile = screen.getByRole('region', { name: 'Verification Due' });
    await userEvent.click(within(tile).getByRole('button', { name: 'Verification Due: 2 kits. Show details' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is not a button when it opens nothing', () => {
    render(<StatTile label="Total Kits" value={5} variant="outlined" />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('region', { name: 'Total Kits' })).toHaveClass('MuiPaper-outlined');
  });
});
