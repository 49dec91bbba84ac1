/**
 * `createSkillRuntime`: the state a worker holds — one loader and its
 * store — shared by every page connected to it (one tab through a
 * dedicated Worker, or every tab through a SharedWorker).
 * @module
 */
import { SkillLoader, type SkillLoaderOptions } from '../loader/loader.js';
import { deferredStore, isPromiseLike } from './deferred-store.js';
import type { RuntimeStore } from './store-facade.js';

/** Options of {@link createSkillRuntime}: the loader's options, and a store that also serves the page. */
export interface SkillRuntimeOptions extends Omit<SkillLoaderOptions, 'store'> {
  /**
   * The org and user skills: the loader reads its `search`, and each of its
   * other forwarded methods (`put`, `get`, `history`, …) is callable from the
   * page as `runtime.store.<method>`; its `on('change', …)` events reach the
   * page through `runtime.on('change', …)`. A promise of a store is waited
   * for on first use: pass `openIndexedDbStore()` as is, never `await` it at the
   * top of a worker (messages that arrive meanwhile are lost).
   */
  store?: RuntimeStore | PromiseLike<RuntimeStore>;
}

/**
 * What a worker runs: the loader and the store, held once however many
 * pages connect. Worker-side code may use both directly.
 */
export interface SkillRuntime {
  /** The loader every connection reads. */
  readonly loader: SkillLoader;
  /** The store once it is open; undefined when none was given. */
  readonly store: Promise<RuntimeStore | undefined>;
}

/**
 * A runtime to expose on one or more endpoints with `exposeSkillRuntime`.
 *
 * @example
 * ```ts
 * // shared-worker.ts: one runtime for every tab of the app
 * const runtime = createSkillRuntime({ builtin: bundleSource(bundle), store: openIndexedDbStore() })
 * self.onconnect = (event) => exposeSkillRuntime(runtime, event.ports[0])
 * ```
 */
export function createSkillRuntime(options: SkillRuntimeOptions = {}): SkillRuntime {
  const { store, ...loaderOptions } = options;
  if (store === undefined) return { loader: new SkillLoader(loaderOptions), store: Promise.resolve(undefined) };
  const opened = Promise.resolve(store);
  opened.catch(() => undefined); // a store that fails to open fails each call that needs it, not the worker
  const loaderStore = isPromiseLike(store) ? deferredStore(opened) : store;
  return { loader: new SkillLoader({ ...loaderOptions, store: loaderStore }), store: opened };
}

/** True when `value` is a runtime made by {@link createSkillRuntime} rather than options for one. */
export function isSkillRuntime(value: unknown): value is SkillRuntime {
  return typeof value === 'object' && value !== null && (value as { loader?: unknown }).loader instanceof SkillLoader && 'store' in value;
}
