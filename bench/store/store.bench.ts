/**
 * Store benchmark in Node, on fake-indexeddb (`npm run bench:store`). The
 * measures live in `store-measures.ts`, which `store-browser.mjs` also runs
 * in Chromium on its real IndexedDB (`npm run bench:store:browser`).
 * @module
 */
// Installs IndexedDB globals (fake-indexeddb) in this Node process; no other bench touches IndexedDB.
import 'fake-indexeddb/auto';
import { runStoreMeasures, type StoreBenchOptions } from './store-measures.js';

/** Runs the store measures on fake-indexeddb. */
export function runStoreBench(options: StoreBenchOptions = {}): Promise<Record<string, unknown>> {
  return runStoreMeasures({ ...options, environment: `Node ${process.version}, fake-indexeddb` });
}
