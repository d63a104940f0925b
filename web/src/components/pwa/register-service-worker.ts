/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';

/**
 * Installs the service worker (built by vite-plugin-pwa) that keeps the app shell for offline use. A new release
 * takes over on the next load (autoUpdate); a failure is logged and the site works as before, online only.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void registerSW({
    immediate: true,
    onRegisterError: (error: unknown) => console.warn('Offline support is unavailable: the service worker did not register', error),
  });
}
