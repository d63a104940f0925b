import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SiteHeader } from '@/components/layout/site-header';
import { SiteFrame } from '@/components/layout/site-layout';
import { Hero } from '@/features/home';
import { PATHS } from '@/config/paths';
import { theme } from './theme';

/**
 * The home page's first paint, as static HTML in index.html (build/home-shell.ts renders it at build time): the
 * header and the hero, drawn by the app's own components, theme and styles, so a phone on a slow network shows the
 * page, and its largest text, before the scripts arrive. The app replaces it when it starts (createRoot clears #root),
 * with the same elements in the same places. Shown on / only: other addresses wait for the app as before.
 */
export function HomeShell() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <MemoryRouter initialEntries={[PATHS.home]}>
        {/* The session is unknown until the app asks: the header shows no sign-in buttons meanwhile, as the app does. */}
        <SiteFrame header={<SiteHeader user={undefined} onLogout={() => undefined} loggingOut={false} />} main={<Hero />} />
      </MemoryRouter>
    </ThemeProvider>
  );
}

/** The shell's markup, with the styles of every element inline (emotion does that when rendering outside a browser). */
export function renderHomeShell(): string {
  return renderToStaticMarkup(<HomeShell />);
}
