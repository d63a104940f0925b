import { createTheme } from '@mui/material/styles';

/** Emergency red for action, a calm navy for text and chrome; contrast checked against white. */
export const theme = createTheme({
  palette: {
    primary: { main: '#b71c1c', dark: '#7f0000', light: '#f05545', contrastText: '#ffffff' },
    secondary: { main: '#1a2b4c', contrastText: '#ffffff' },
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
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});
