import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { ThemeProvider } from '@mui/material/styles';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SITE } from '@/config/site';
import { theme } from './theme';

/** Two tooltips as any page has them: no delay given on either, so the theme's timing applies. */
function renderTooltips() {
  render(
    <ThemeProvider theme={theme}>
      <Tooltip title="Zoom in">
        <Button>+</Button>
      </Tooltip>
      <Tooltip title="Zoom out">
        <Button>-</Button>
      </Tooltip>
    </ThemeProvider>,
  );
}

describe('theme: tooltips', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it(`opens every tooltip ${SITE.tooltipOpenDelayMs} ms after the pointer arrives, not before`, () => {
    renderTooltips();
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Zoom in' }));
    act(() => jest.advanceTimersByTime(SITE.tooltipOpenDelayMs - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Zoom in');
  });

  it(`opens the next tooltip after ${SITE.tooltipSkipDelayMs} ms when one has just shown`, () => {
    renderTooltips();
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    fireEvent.mouseOver(zoomIn);
    act(() => jest.advanceTimersByTime(SITE.tooltipOpenDelayMs));
    fireEvent.mouseLeave(zoomIn);
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Zoom out' }));
    act(() => jest.advanceTimersByTime(SITE.tooltipSkipDelayMs - 1));
    expect(screen.queryByRole('tooltip', { name: 'Zoom out' })).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip', { name: 'Zoom out' })).toBeInTheDocument();
  });
});

describe('theme kind', () => {
  // The build leaves MUI's CSS-variables theming out (build/mui-without-css-variables.ts): createTheme and ThemeProvider
  // only take that path for a theme with CSS variables or colour schemes, which would then fail in the built app.
  it('is a plain theme: no CSS variables, no colour schemes', () => {
    expect('colorSchemes' in theme).toBe(false);
    expect('vars' in theme).toBe(false);
  });
});
