import '@testing-library/jest-dom';

// jsdom has no layout, so it cannot scroll; React Router's scroll restoration calls this on navigation.
window.scrollTo = () => undefined;
