import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { satchelSkills } from './src/vite/index.js';

// The demo app: `demo/` (index.html + main.ts) is the Vite root; it imports the library straight from `../src`.
// `npm start` serves it on 127.0.0.1:5173; `vite build` writes `demo-dist/`; `vite preview` serves that on :4173.
// satchelSkills() bundles demo/skills/ as the page's builtin skills (`import bundle from 'virtual:satchel/skills'`).
// Its `dir` is resolved against Vite's root, which is demo/, so the folder is given as an absolute path here.
const repoRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('./demo', import.meta.url)),
  // Relative asset URLs, so demo-dist/ works from any static host path.
  base: './',
  publicDir: false,
  plugins: [satchelSkills({ dir: fileURLToPath(new URL('./demo/skills', import.meta.url)) })],
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
