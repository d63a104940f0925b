import '@testing-library/jest-dom';

// jsdom has no layout, so it cannot scroll; React Router's scroll restoration calls this on navigation.
window.scrollTo = () => undefined;

// MUI in jsdom on two busy cores can take seconds per interaction (the root config sets the same for `npm test`).
jest.setTimeout(30_000);
