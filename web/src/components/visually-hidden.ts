/**
 * Hides text from the eye but not from screen readers (announcements, link suffixes), the way MUI's own
 * `visuallyHidden` (@mui/utils) does it. Sizes are pixel strings on purpose: in MUI's `sx`, a bare `width: 1`
 * means 100 %, which made this 1-pixel box as wide as the page and scrolled phones sideways.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** A skip link: hidden the same way until it takes keyboard focus, then shown at the top left. */
export const visuallyHiddenUntilFocused = {
  ...visuallyHidden,
  '&:focus, &:focus-visible': {
    clip: 'auto',
    height: 'auto',
    width: 'auto',
    margin: 0,
    overflow: 'visible',
    whiteSpace: 'normal',
    left: 8,
    top: 8,
    zIndex: 2000,
    bgcolor: 'background.paper',
    color: 'primary.main',
    p: 1,
    outline: '3px solid',
    outlineColor: 'primary.main',
  },
} as const;
