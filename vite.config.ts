import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { satchelSkills } from './src/vite/index.js';
import { demoModel, modelDir } from './scripts/demo-model.mjs';
import { createSentenceEncoder } from './src/embeddings/index.js';
import { readModelFiles, tfjsWasmPaths } from './src/node/model-folder.js';

// The demo app: `demo/` (index.html + main.ts) is the Vite root; it imports the library straight from `../src`.
// `npm start` serves it on 127.0.0.1:5173; `npm run demo:build` writes `demo-dist/`; `npm run demo:preview` serves that
// on 127.0.0.1:$PORT (default 4173).
// satchelSkills() bundles demo/skills/ as the page's builtin skills (`import bundle from 'virtual:satchel/skills'`).
// Its `dir` is resolved against Vite's root, which is demo/, so the folder is given as an absolute path here.
// VitePWA generates sw.js, which precaches the page, its scripts and styles and the worker chunk (offline reloads);
// demo/lib/offline.ts registers it in production builds only.
const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const skillsDir = fileURLToPath(new URL('./demo/skills', import.meta.url));
// `npm run demo:preview` serves the build on PORT (default 4173), so parallel checkouts can each run one.
const previewPort = Number(process.env['PORT'] ?? 4173);

// The builtin skills, bundled lazily: their metadata, routing index and vectors in the worker's chunk, each skill whole
// in a chunk the worker imports when the skill is first used (docs/loader.md). The vectors are made with the model the
// worker runs (demo/worker.ts, same id), so the routing-by-meaning switch embeds no builtin skill in the browser. The
// worker's build uses the instance under `worker.plugins`; the dev server serves the worker through the top-level one.
const builtinSkills = () =>
  satchelSkills({
    dir: skillsDir,
    lazy: true,
    embedder: createSentenceEncoder({ id: 'use-lite-uint8@1', files: readModelFiles(modelDir()), wasmPaths: tfjsWasmPaths() }),
  });

const offline = VitePWA({
  strategies: 'generateSW',
  injectRegister: false,
  manifest: false,
  filename: 'sw.js',
  workbox: {
    // The routing-by-meaning switch works offline too: the uint8 model (about 7 MB in 4 MB shards) and the WASM
    // binaries are precached with the app.
    globPatterns: ['**/*.{js,css,html,svg,json,wasm}', 'models/**/*'],
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    clientsClaim: true,
    skipWaiting: true,
    cleanupOutdatedCaches: true,
    navigateFallback: 'index.html',
  },
});

export default defineConfig({
  root: fileURLToPath(new URL('./demo', import.meta.url)),
  // Relative asset URLs, so demo-dist/ works from any static host path.
  base: './',
  publicDir: false,
  plugins: [builtinSkills(), demoModel(), offline],
  build: {
    outDir: fileURLToPath(new URL('./demo-dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
  worker: {
    format: 'es',
    // The runtime worker imports the bundled skills; the service worker plugin belongs to the page build only.
    plugins: () => [builtinSkills()],
  },
  // The dev server finds the worker's dependencies only when the worker starts, then re-bundles and reloads the
  // page; listing them up front keeps `npm start` from reloading under the person's hands.
  optimizeDeps: {
    include: [
      'comlink',
      'idb',
      'yaml',
      'minisearch',
      'stemmer',
      'stopword',
      '@noble/hashes/sha2.js',
      '@noble/hashes/utils.js',
      'marked',
      'dompurify',
      'diff',
      'fflate',
      // Routing by meaning (the switch): TF.js and the model's tokenizer, bundled together so TF.js core is one module.
      '@tensorflow/tfjs-core',
      '@tensorflow/tfjs-converter',
      '@tensorflow/tfjs-backend-wasm',
      '@tensorflow/tfjs-backend-cpu',
      '@tensorflow-models/universal-sentence-encoder',
    ],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    // The demo imports ../src; allow the whole repository, nothing above it.
    fs: { allow: [repoRoot] },
  },
  preview: {
    host: '127.0.0.1',
    port: previewPort,
    strictPort: true,
  },
});
