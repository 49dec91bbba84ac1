/**
 * Page entry of the Chromium store bench: runs the store measures on the
 * browser's IndexedDB and leaves the report on `window` for
 * `bench/browser/store/run.mjs` to collect.
 * @module
 */
import { runStoreMeasures } from '../../store/store-measures.js';

interface BenchWindow {
  __storeBench?: { lines: string[]; result?: Record<string, unknown>; error?: string };
}

const params = new URLSearchParams(location.search);
const number = (key: string): number | undefined => (params.has(key) ? Number(params.get(key)) : undefined);
const state: NonNullable<BenchWindow['__storeBench']> = { lines: [] };
(window as BenchWindow).__storeBench = state;
const options = { count: number('count'), rounds: number('rounds'), warmup: number('warmup') };
runStoreMeasures({
  ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
  environment: `Chromium ${navigator.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '?'}, IndexedDB`,
  log: (line) => state.lines.push(line),
}).then(
  (result) => (state.result = result),
  (e: unknown) => (state.error = e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e)),
);
