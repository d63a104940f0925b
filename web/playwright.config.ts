import { defineConfig } from '@playwright/test';

// Requests a service worker makes are otherwise invisible to Playwright, and context.setOffline does not reach them
// (microsoft/playwright#2311): the offline spec cuts them off through routing, which needs this.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

// The gateway on :8080 serves the built web and the /api routes; point E2E_BASE_URL elsewhere (e.g. the Vite dev server) when needed.
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:8080';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: './e2e/.artifacts/test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: './e2e/.artifacts/results.json' }]],
  use: {
    baseURL,
    headless: true,
    // The service worker is tested where it is the subject (offline.e2e.ts allows it: install, precache, the finder
    // with no network). Elsewhere it would fetch the whole precache (a hundred files) in every new context: a sixth
    // of the suite's time on two cores, for pages that a network request serves the same.
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
    // A trace records a screencast and DOM snapshots of every step to keep the failing tests' ones: on CI's two cores
    // that halved the suite's speed (docs/decisions.md, "`npm test` inside its time"), and CI keeps no artifacts.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
