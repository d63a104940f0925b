import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HeatmapBox } from './heatmap-box';

describe('HeatmapBox', () => {
  it.each([
    [150, 'Increase intensity', 'Decrease intensity'],
    [10, 'Decrease intensity', 'Increase intensity'],
  ])('at %d%% disables %s and keeps %s', async (intensity, disabled, enabled) => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<HeatmapBox settings={{ scheme: 'coverage', intensity }} onChange={onChange} />);
    expect(screen.getByRole('region', { name: 'Availability Heatmap' })).toHaveTextContent(`Coverage · Intensity ${intensity}%`);
    await user.click(screen.getByRole('button', { name: 'Heatmap settings' }));
    expect(screen.getByRole('button', { name: disabled })).toBeDisabled();
    expect(screen.getByRole('button', { name: enabled })).toBeEnabled();
    expect(screen.getByRole('menuitemradio', { name: 'Coverage' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getAllByRole('menuitemradio').map((m) => m.textContent)).toEqual(['Default', 'Emergency', 'Coverage', 'Availability']);
  });
});
