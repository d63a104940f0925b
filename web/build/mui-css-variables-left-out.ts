// Stands in for MUI's CSS-variables theming in the build (build/mui-without-css-variables.ts): never called for this
// app's theme, and says why if it ever is.
const why = "MUI's CSS-variables theming (cssVariables, colorSchemes) is left out of this build: see web/build/mui-without-css-variables.ts";

export default function createThemeWithVars(): never {
  throw new Error(why);
}

export function CssVarsProvider(): never {
  throw new Error(why);
}
