import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PIN_COLOURS, PIN_LEGEND } from '../lib/pins';

export function PinDot({ colour, size = 14 }: { colour: string; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: colour,
        border: '2px solid #fff',
        boxShadow: '0 0 0 1px rgba(0,0,0,0.25)',
      }}
    />
  );
}

export function PinLegend() {
  return (
    <Box component="figure" sx={{ m: 0 }} aria-labelledby="finder-legend-title">
      <Typography id="finder-legend-title" component="figcaption" variant="subtitle2" gutterBottom>
        Kit types
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {PIN_LEGEND.map(({ type, label }) => (
          <Stack component="li" key={type} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <PinDot colour={PIN_COLOURS[type]} />
            <Typography variant="body2">{label}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
