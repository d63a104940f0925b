/// <reference types="vite-plugin-pwa/client" />

/**
 * Installs the service worker (built by vite-plugin-pwa) that keeps the app shell for offline use. A new release
 * takes over on the next load (autoUpdate); a failure is logged and the site works as before, online only. The
 * registration code is its own small chunk, fetched as the app starts rather than carried in the first download.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const unavailable = (error: unknown) => console.warn('Offline support is unavailable: the service worker did not register', error);
  import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true, onRegisterError: unavailable }), unavailable);
}
