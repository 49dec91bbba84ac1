import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './chromium.config.js';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.browser.test.ts', '**/node_modules/**'],
          // Some tests walk the whole conformance corpus (51 MB of resources) on a shared 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Pre-bundled up front so the browser run does not reload once when Vite discovers them.
        optimizeDeps: {
          include: [
            '@noble/hashes/sha2.js',
            '@noble/hashes/utils.js',
            'yaml',
            'minisearch',
            'stemmer',
            'stopword',
            'comlink',
            'fflate',
            'idb',
            'ai',
            'ai/test',
            // The MCP host's browser test: the SDK's client, in-memory transport and low-level server, and zod.
            '@modelcontextprotocol/sdk/client/index.js',
            '@modelcontextprotocol/sdk/inMemory.js',
            '@modelcontextprotocol/sdk/server/index.js',
            '@modelcontextprotocol/sdk/server/mcp.js',
            '@modelcontextprotocol/sdk/types.js',
            'zod',
            'zod/v4',
            // The embedding stage's optional peers, bundled together so TF.js core is one module for all of them.
            '@tensorflow/tfjs-core',
            '@tensorflow/tfjs-converter',
            '@tensorflow/tfjs-backend-wasm',
            '@tensorflow/tfjs-backend-cpu',
            '@tensorflow-models/universal-sentence-encoder',
          ],
        },
        test: {
          name: 'browser',
          include: ['test/**/*.browser.test.ts'],
          // Real HTTP servers on 127.0.0.1 for the remote source's browser tests.
          globalSetup: ['test/support/remote-server.global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
