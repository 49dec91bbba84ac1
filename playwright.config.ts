import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.config.js';

// End-to-end tests of the demo page (e2e/), in Debian's Chromium (see chromium.config.ts).

// The built demo on 127.0.0.1:$PORT (default 4173): set PORT to run beside another checkout's server.
const PORT = Number(process.env['PORT'] ?? 4173);
const isCI = Boolean(process.env['CI']);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  ...(isCI ? { workers: 2 } : {}),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // Build the demo, then serve demo-dist/ exactly as a static host would (service worker included).
    command: `npx vite build --logLevel warn && npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !isCI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { FORCE_COLOR: '0' },
  },
});
