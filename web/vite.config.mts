import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { homeShell } from './build/home-shell';
import { muiWithoutCssVariables } from './build/mui-without-css-variables';
import { precompress } from './build/precompress';

const contracts = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));
const src = fileURLToPath(new URL('./src/', import.meta.url));
/** The web bundles the pure part of contracts from source; `@/` is web/src (as in tsconfig.json and jest.config.js). */
const alias = [
  { find: /^@bleedkits\/contracts$/, replacement: contracts },
  { find: /^@\//, replacement: src },
];
/** Where /api goes in dev and preview: the gateway unless told otherwise. */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), muiWithoutCssVariables(), homeShell(alias), precompress(), installableOfflineApp()],
  // contracts' package main points at the Node build; `@/` keeps every import within one folder's climb.
  resolve: { alias },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunks and styles each page loads (web/bundle-budget reads it).
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Re-exports only: a module reached through an index is bundled where something uses it, so the entry, which
        // imports a feature's index or contracts for a hook or two, does not pull that feature's pages with it, nor
        // the layout's index the footer (loaded after the first paint, components/layout/site-layout.tsx).
        moduleSideEffects: [
          { test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]web[\\/]src[\\/](features|components)[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            // Libraries change less often than the app: separate chunks stay cached across releases. What the entry
            // loads ('$initial') is grouped (react, mui, vendor, app), a handful of chunks rather than a dozen small
            // ones: on a phone's HTTP/1.1 each costs a round trip. A library only a lazily loaded page uses (a MUI table, the Google
            // map) stays with that page, so the public home page never downloads it.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|@reduxjs|redux|immer|reselect)[\\/]/,
              tags: ['$initial'],
              priority: 5,
            },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|stylis)[\\/]/, tags: ['$initial'], priority: 4 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 3 },
            { name: 'app', test: /[\\/](web|contracts)[\\/]src[\\/]/, tags: ['$initial'], priority: 2 },
            // What the first paint leaves out, each with the code it needs (dependencies follow a captured module)
            // in one chunk, one request: the footer, emergency notice and cookie banner every page shows just after
            // its first paint (other pages share its dialog and link code, already loaded), and the finder's list.
            {
              name: 'layout-later',
              test: /[\\/]web[\\/]src[\\/]components[\\/](layout[\\/]site-footer|overlays[\\/](emergency-notice|cookie-consent))\.tsx$/,
              priority: 1,
            },
            { name: 'finder-results', test: /[\\/]web[\\/]src[\\/]features[\\/]finder[\\/]components[\\/]results-list\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
});

/**
 * The installable, offline-capable app (vite-plugin-pwa with Workbox): a web manifest, and a service worker that
 * precaches the app shell and answers every page navigation with it, so the finder opens with no network. API
 * calls are never cached by the worker; the finder keeps its own offline copy of the public kits
 * (src/features/finder/offline). Registered from src/components/pwa.
 */
function installableOfflineApp() {
  return VitePWA({
    registerType: 'autoUpdate',
    injectRegister: false,
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'UK Bleed Kit Register',
      short_name: 'Bleed Kits',
      description: 'Find the nearest emergency bleed control kit, even offline. Not for emergency use: in an emergency call 999.',
      lang: 'en-GB',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#f7f7f8',
      theme_color: '#b71c1c',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//],
      cleanupOutdatedCaches: true,
      // A new release takes over at once, and the first visit's page is controlled (ready for offline use).
      clientsClaim: true,
      skipWaiting: true,
      // The MUI and vendor chunks are larger than Workbox's 2 MiB default.
      maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
    },
  });
}
