import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// jsdom has no layout, so it cannot scroll; React Router's scroll restoration calls this on navigation.
window.scrollTo = () => undefined;

// MUI in jsdom on two busy cores can take seconds per interaction (the root config sets the same for `npm test`).
jest.setTimeout(30_000);
// The same reason for findBy* / waitFor: their 1 s default failed a green test once on a loaded CI run.
configure({ asyncUtilTimeout: 5000 });
