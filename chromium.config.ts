/**
 * Chromium as both test runners launch it: Vitest's browser project
 * (vitest.config.ts) and Playwright's end-to-end tests (playwright.config.ts).
 *
 * Debian's Chromium (installed by `node scripts/ensure-install.mjs --browser`); Playwright's own browser download
 * cannot work on this network. Flags from /work/shared/TOOLCHAIN.md: the background-networking ones keep Chromium
 * from flooding the closed network with refused connections. Never pass --user-data-dir.
 * @module
 */

/** Playwright `launchOptions` for Chromium: the executable (`CHROMIUM_PATH`, else /usr/bin/chromium) and its flags. */
export const chromiumLaunchOptions = {
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
