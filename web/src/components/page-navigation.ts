/**
 * Leaving the single-page app for an address the server answers (a page load, not a route change). One object, so
 * component tests can watch where a page sends the browser (jsdom does not navigate).
 */
export const pageNavigation = {
  replace(href: string): void {
    window.location.replace(href);
  },
};
