// The demo's routing-by-meaning files, as a Vite plugin: USE-Lite quantised to uint8 (by scripts/quantize-use.mjs,
// made once into node_modules/.cache) under `models/use-lite-uint8/`, and TF.js's WASM binaries under `wasm/`.
// `npm start` serves them from there; `npm run demo:build` emits them into demo-dist/, where the service worker
// precaches them with the rest of the app.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
export const MODEL_PREFIX = 'models/use-lite-uint8/';
export const WASM_PREFIX = 'wasm/';

/** The quantised model's folder, made on first use (about 5 s). */
export function modelDir() {
  const dir = join(root, 'node_modules', '.cache', 'satchel-demo-model', 'use-lite-uint8');
  if (!existsSync(join(dir, 'model.json'))) {
    const run = spawnSync(process.execPath, [join(root, 'scripts', 'quantize-use.mjs'), dir], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`scripts/quantize-use.mjs failed: ${run.stderr}`);
  }
  return dir;
}

/** Public path → file on disk, for the model and the WASM binaries. */
function files() {
  const out = new Map();
  const model = modelDir();
  for (const name of readdirSync(model)) out.set(`${MODEL_PREFIX}${name}`, join(model, name));
  const wasm = join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
  for (const name of readdirSync(wasm).filter((n) => n.endsWith('.wasm'))) out.set(`${WASM_PREFIX}${name}`, join(wasm, name));
  return out;
}

/** @returns {import('vite').Plugin} */
export function demoModel() {
  let table;
  const get = () => (table ??= files());
  return {
    name: 'satchel-demo-model',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\//, '');
        const file = path.startsWith(MODEL_PREFIX) || path.startsWith(WASM_PREFIX) ? get().get(path) : undefined;
        if (!file) return next();
        res.setHeader('content-type', path.endsWith('.wasm') ? 'application/wasm' : path.endsWith('.json') ? 'application/json' : 'application/octet-stream');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const [fileName, file] of get()) this.emitFile({ type: 'asset', fileName, source: readFileSync(file) });
    },
  };
}
