import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** What MUI's createTheme and ThemeProvider get instead of their CSS-variables halves (./mui-css-variables-left-out.ts). */
const LEFT_OUT = fileURLToPath(new URL('./mui-css-variables-left-out.ts', import.meta.url));
const MUI_STYLES = /[\\/]@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.mjs$/;
const CSS_VARIABLES_HALVES = new Set(['./createThemeWithVars.mjs', './ThemeProviderWithVars.mjs']);

/**
 * Leaves MUI's CSS-variables theming out of the build. `createTheme` and `ThemeProvider` (@mui/material/styles) each
 * import two implementations and pick one at run time: for a theme with neither `cssVariables` nor `colorSchemes`
 * (app/theme/theme.ts, and MUI's own default theme) always the plain one. The other, with its colour-scheme provider
 * and CSS variable generator, is about 5 KB of brotli that every page would download and never run
 * (web/bundle-budget.json). Here those two imports, and only from those two modules, resolve to stand-ins that say
 * what happened if they are ever called; theme.spec.tsx holds the theme to the plain kind. Build only: the dev server
 * and Jest use MUI as published.
 */
export function muiWithoutCssVariables(): Plugin {
  return {
    name: 'bleedkits-mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && MUI_STYLES.test(importer) && CSS_VARIABLES_HALVES.has(source)) return LEFT_OUT;
      return null;
    },
  };
}
