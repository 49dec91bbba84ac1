/**
 * Store benchmark in Node, on fake-indexeddb and on PostgreSQL (`npm run bench:store`). The
 * measures live in `store-measures.ts`, which `store-browser.mjs` also runs
 * in Chromium on its real IndexedDB (`npm run bench:store:browser`).
 * @module
 */
// Installs IndexedDB globals (fake-indexeddb) in this Node process; no other bench touches IndexedDB.
import 'fake-indexeddb/auto';
import { runPostgresBench } from './postgres.bench.js';
import { runStoreMeasures, type StoreBenchOptions } from './store-measures.js';

/** Runs the store measures on fake-indexeddb, then the PostgreSQL store's (PGlite, and a server when `SATCHEL_TEST_PG_URL` names one). */
export async function runStoreBench(options: StoreBenchOptions = {}): Promise<Record<string, unknown>> {
  const indexedDb = await runStoreMeasures({ ...options, environment: `Node ${process.version}, fake-indexeddb` });
  const postgres = await runPostgresBench({
    ...(options.rounds === undefined ? {} : { rounds: options.rounds }),
    ...(options.warmup === undefined ? {} : { warmup: options.warmup }),
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  return { ...indexedDb, postgres };
}
