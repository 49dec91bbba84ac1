/**
 * How the embedder reaches a model's files without assuming an environment:
 * a `{ read(path) }` object (a Node helper over the disk is in
 * `satchel/node`), or one built on `fetch` for a page or a worker.
 * @module
 */
import { SkillError } from '../format/errors.js';

/** Reads a model's files by path relative to its `model.json` (`model.json`, `vocab.json`, the weight shards). */
export interface ModelFiles {
  read(path: string): Promise<ArrayBuffer | Uint8Array>;
}

/**
 * Model files served over HTTP, relative to `baseUrl` (a folder: give it a trailing slash).
 *
 * @example
 * ```ts
 * const files = fetchModelFiles(new URL('/models/use-lite-uint8/', location.href).href)
 * const embedder = createSentenceEncoder({ files, wasmPaths: '/wasm/' })
 * ```
 */
export function fetchModelFiles(baseUrl: string, fetcher: typeof fetch = fetch): ModelFiles {
  return {
    async read(path) {
      const url = new URL(path, baseUrl).href;
      const response = await fetcher(url);
      if (!response.ok) throw new SkillError('SOURCE_FAILED', `Fetching ${url} answered ${response.status}.`);
      return response.arrayBuffer();
    },
  };
}

/** The bytes as a standalone ArrayBuffer (a Node Buffer may be a view into a larger one). */
export function bufferOf(data: ArrayBuffer | Uint8Array): ArrayBuffer {
  if (data instanceof ArrayBuffer) return data;
  return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
}

/** A file's text, UTF-8. */
export async function readText(files: ModelFiles, path: string): Promise<string> {
  return new TextDecoder().decode(await files.read(path));
}
