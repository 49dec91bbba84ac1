import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The demo app: `demo/` (index.html + main.ts) is the Vite root; it imports the library straight from `../src`.
// `npm start` serves it on 127.0.0.1:5173; `vite build` writes `demo-dist/`; `vite preview` serves that on :4173.
const repoRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('./demo', import.meta.url)),
  // Relative asset URLs, so demo-dist/ works from any static host path.
  base: './',
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('./demo-dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
  worker: {
    format: 'es',
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
    port: 4173,
    strictPort: true,
  },
});
