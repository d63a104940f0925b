import { createTheme } from '@mui/material/styles';
import { SITE } from '@/config/site';

/** Emergency red for action, a calm navy for text and chrome; contrast checked against white. */
export const theme = createTheme({
  palette: {
    primary: { main: '#b71c1c', dark: '#7f0000', light: '#f05545', contrastText: '#ffffff' },
    secondary: { main: '#1a2b4c', contrastText: '#ffffff' },
    // MUI's orange with white text is 3:1: dark text on it, and a darker 'dark' for orange text on white (≥ 4.5:1).
    warning: { main: '#ed6c02', light: '#ff9800', dark: '#9a4a00', contrastText: 'rgba(0, 0, 0, 0.87)' },
    background: { default: '#f7f7f8', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: ['"Inter"', 'system-ui', '-apple-system', '"Segoe UI"', 'Roboto', 'Arial', 'sans-serif'].join(','),
    h1: { fontWeight: 800 },
    h2: { fontWeight: 800 },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    // Outlined warning chips (Needs Verification, Expiring Soon) keep the orange border with dark amber text (WCAG 1.4.3).
    MuiChip: { styleOverrides: { root: { variants: [{ props: { variant: 'outlined', color: 'warning' }, style: { color: '#9a4a00' } }] } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    // The spec's tooltip timing, once for every tooltip.
    MuiTooltip: { defaultProps: { enterDelay: SITE.tooltipOpenDelayMs, enterNextDelay: SITE.tooltipSkipDelayMs } },
  },
});
