#!/usr/bin/env node
// Runs the store bench in Chromium on its real IndexedDB (`npm run bench:store:browser`):
// serves bench/browser/store/index.html with Vite, opens it in headless Chromium (Debian's, as the tests do),
// waits for the report the page leaves on window, prints it and writes reports/bench-store-browser.json.
//
//   node bench/browser/store/run.mjs [--count N] [--rounds N] [--warmup N]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const query = new URLSearchParams();
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const m = /^--(count|rounds|warmup)$/.exec(args[i]);
  if (!m || args[i + 1] === undefined) throw new Error(`bench: unknown option ${args[i]}`);
  query.set(m[1], args[++i]);
}

const { createServer } = await import('vite');
const { chromium } = await import('playwright');
const server = await createServer({
  configFile: false,
  root,
  logLevel: 'warn',
  server: { host: '127.0.0.1', port: 0 },
  optimizeDeps: { include: ['idb', 'yaml', 'minisearch', 'stemmer', 'stopword'] },
});
await server.listen();
const address = server.httpServer?.address();
const port = typeof address === 'object' && address ? address.port : 0;
// The flags of chromium.config.ts (a .ts file this plain script cannot import).
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/bench/browser/store/index.html?${query}`);
  await page.waitForFunction(() => window.__storeBench?.result || window.__storeBench?.error, undefined, { timeout: 600_000, polling: 500 });
  const state = await page.evaluate(() => window.__storeBench);
  for (const line of state.lines) console.log(line);
  if (state.error) throw new Error(`bench: the page failed: ${state.error}`);
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(join(root, 'reports', 'bench-store-browser.json'), `${JSON.stringify({ ...state.result, date: new Date().toISOString() }, null, 2)}\n`);
  console.log('wrote reports/bench-store-browser.json');
} finally {
  await browser.close();
  await server.close();
}
